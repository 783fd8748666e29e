import { fileKeyNamed, type Shape } from '../../../specs/config-schema.js';
import { jsonTypeWord } from './go-values.js';
import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { MessageStyle } from './message-style.js';
import type { FileDocument } from './read-document.js';

/** A value of the wrong JSON type: where it is and what Go expected there. */
export interface TypeProblem {
  readonly key: string;
  /** Path below the key (map keys, field names, array indexes). */
  readonly below: readonly (string | number)[];
  /** The struct a nested field belongs to, for the wording of releases before 28.0. */
  readonly struct: string | null;
  readonly json: string;
  readonly goType: string;
  /** The value, for numbers Go prints ("number 1.5"). */
  readonly value: unknown;
}

const STRUCT_OF_KEY: Readonly<Record<string, string>> = {
  'default-ulimits': 'Ulimit',
  runtimes: 'Runtime',
  builder: 'BuilderConfig',
  'default-address-pools': 'NetworkToSplit',
};

function goTypeOf(shape: Shape, key: string, style: MessageStyle): string {
  switch (shape.type) {
    case 'bool':
      return 'bool';
    case 'int':
      return key === 'default-ulimits' ? 'int64' : 'int';
    case 'string':
      return key === 'dns' && style !== 'v20' ? 'net.IP' : 'string';
    case 'array':
      return `[]${goTypeOf(shape.items, key, style)}`;
    case 'map':
      if (key === 'runtimes') return `map[string]${style === 'v20' ? 'types' : 'system'}.Runtime`;
      if (key === 'default-ulimits') return 'map[string]*units.Ulimit';
      return `map[string]${goTypeOf(shape.values, key, style)}`;
    case 'object':
      return key === 'builder' ? 'config.BuilderConfig' : `config.${STRUCT_OF_KEY[key] ?? 'Object'}`;
  }
}

/** The first value of the document whose JSON type its key's shape does not take, or null. */
export function findTypeProblem(doc: FileDocument, style: MessageStyle): TypeProblem | null {
  for (const [key, value] of Object.entries(doc)) {
    const entry = fileKeyNamed(key);
    if (entry === undefined) continue; // a flag name without a file field: the decoder ignores it
    const problem = check(entry.shape, value, key, [], null, style);
    if (problem !== null) return problem;
  }
  return null;
}

function check(shape: Shape, value: unknown, key: string, below: (string | number)[], struct: string | null, style: MessageStyle): TypeProblem | null {
  if (value === null || value === undefined) return null; // absent, or null: Go leaves the field as it was
  const problem = (): TypeProblem => ({ key, below, struct, json: jsonTypeWord(value), goType: goTypeOf(shape, key, style), value });
  switch (shape.type) {
    case 'bool':
      return typeof value === 'boolean' ? null : problem();
    case 'string':
      return typeof value === 'string' ? null : problem();
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? null : problem();
    case 'array':
      if (!Array.isArray(value)) return problem();
      for (let i = 0; i < value.length; i++) {
        const inner = check(shape.items, value[i], key, [...below, i], struct ?? (shape.items.type === 'object' ? (STRUCT_OF_KEY[key] ?? null) : null), style);
        if (inner !== null) return inner;
      }
      return null;
    case 'map':
      if (typeof value !== 'object' || Array.isArray(value)) return problem();
      for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
        const found = check(
          shape.values,
          inner,
          key,
          [...below, name],
          struct ?? (shape.values.type === 'object' ? (STRUCT_OF_KEY[key] ?? null) : null),
          style,
        );
        if (found !== null) return found;
      }
      return null;
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return problem();
      for (const [field, fieldShape] of Object.entries(shape.fields)) {
        const found = check(fieldShape, (value as Record<string, unknown>)[field], key, [...below, field], struct ?? STRUCT_OF_KEY[key] ?? null, style);
        if (found !== null) return found;
      }
      return null;
  }
}

/** From it the decoder again gives PoolsOpt's own error the outer path (28.x's Go kept the inner one alone; observed on 28.5.2 and 29.7.2). */
const POOL_ERROR_PATH_RESTORED_FROM = '29.0';

/** Go's UnmarshalTypeError text, worded as the release words it. */
export function typeProblemText(p: TypeProblem, style: MessageStyle, release: DaemonRelease): string {
  const what = p.json === 'number' && typeof p.value === 'number' && !Number.isInteger(p.value) ? `number ${String(p.value)}` : p.json;
  const fields = p.below.filter((part): part is string => typeof part === 'string');
  // PoolsOpt decodes its entries with a json.Unmarshal of its own. The decoder gives that error the outer
  // path it stands at (20.10 without the field below it; 23.0 to 27.x and 29.x with it), or 28.x's keeps
  // the inner one alone, which starts below the key with no struct before it (observed on 20.10.24,
  // 26.1.5, 28.5.2 and 29.7.2).
  const pools = p.key === 'default-address-pools' && fields.length > 0;
  if (pools && style === 'v20') return `json: cannot unmarshal ${what} into Go struct field Config.${p.key} of type ${p.goType}`;
  if (pools && (style === 'v23' || !isOlder(release.release, POOL_ERROR_PATH_RESTORED_FROM)))
    return `${style === 'v28' ? 'invalid JSON: ' : ''}json: cannot unmarshal ${what} into Go struct field Config.CommonConfig.NetworkConfig.${p.key}.${fields[fields.length - 1]!} of type ${p.goType}`;
  if (style === 'v28') {
    const path = pools ? `.${p.below.join('.')}` : ['Config', p.key, ...p.below.map(String)].join('.');
    const lastIsIndex = typeof p.below[p.below.length - 1] === 'number';
    return `invalid JSON: json: cannot unmarshal ${what} into ${lastIsIndex ? '' : 'Go struct field '}${path} of type ${p.goType}`;
  }
  // Before 28.0 the path names the innermost struct and the key, then the field (map keys and indexes left out).
  const field =
    p.struct !== null && fields.length > 0
      ? `${p.struct}.${p.key}.${fields[fields.length - 1]!}`
      : `${style === 'v23' && !(p.key in STRUCT_OF_KEY && p.key !== 'builder') ? 'Config.CommonConfig' : 'Config'}.${p.key}`;
  return `json: cannot unmarshal ${what} into Go struct field ${field} of type ${p.goType}`;
}
