import { jsonTypeWord } from '../config/file/go-values.js';
import { goFieldOf, isJsonObject } from './go-fields.js';

/** The Go types of the fields the simulator decodes into typed structs. */
export type GoFieldType = 'string' | 'bool' | '[]string' | '[2]uint';

/** A Go struct as encoding/json fills it: its qualified type name and its fields' types. */
export interface GoStruct {
  /** As an error names the type of a whole value: `types.ExecConfig`. */
  readonly typeName: string;
  readonly fields: Readonly<Record<string, GoFieldType>>;
}

const MAX_UINT64 = 2 ** 64 - 1;

/**
 * Go's first unmarshal type error for `value` decoded into `struct`, or null (null, and fields the
 * struct lacks, decode). Go's encoding/json goes on after a type error and reports the first, in
 * the document's order. `newerGo` (28.x's Go): a field is named as the document spells its key,
 * and an element of a list by its path without "Go struct field" (`ExecOptions.Cmd.1`); older Go
 * names the struct's field for both. Observed on 20.10.24, 26.1.5 and 28.5.2 with the exec
 * routes' bodies. A number is named as JavaScript writes it back (1.5, -1, 100000000000000000000),
 * which is Go's literal except for forms such as 1e3 or 1.0.
 */
export function goStructProblem(value: unknown, struct: GoStruct, newerGo: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (!isJsonObject(value)) return `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${struct.typeName}`;
  const short = struct.typeName.slice(struct.typeName.indexOf('.') + 1);
  const names = Object.keys(struct.fields);
  for (const [key, item] of Object.entries(value)) {
    const field = goFieldOf(key, names);
    if (field === undefined || item === null) continue;
    const named = newerGo ? key : field;
    const whole = (goType: string) => `json: cannot unmarshal ${jsonTypeWord(item)} into Go struct field ${short}.${named} of type ${goType}`;
    const element = (what: string, index: number, goType: string) =>
      newerGo
        ? `json: cannot unmarshal ${what} into ${short}.${named}.${index} of type ${goType}`
        : `json: cannot unmarshal ${what} into Go struct field ${short}.${field} of type ${goType}`;
    const type = struct.fields[field]!;
    if (type === 'string' && typeof item !== 'string') return whole('string');
    if (type === 'bool' && typeof item !== 'boolean') return whole('bool');
    if (type === '[]string') {
      if (!Array.isArray(item)) return whole('[]string');
      const bad = item.findIndex((member) => member !== null && typeof member !== 'string');
      if (bad >= 0) return element(jsonTypeWord(item[bad]), bad, 'string');
    }
    if (type === '[2]uint') {
      if (!Array.isArray(item)) return whole('[2]uint');
      // Go fills the array's two places and skips what follows.
      for (const [index, member] of item.slice(0, 2).entries()) {
        if (member === null) continue;
        if (typeof member !== 'number') return element(jsonTypeWord(member), index, 'uint');
        if (!Number.isInteger(member) || member < 0 || member > MAX_UINT64) return element(`number ${String(member)}`, index, 'uint');
      }
    }
  }
  return null;
}
