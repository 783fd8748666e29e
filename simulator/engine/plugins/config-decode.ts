import { goFieldOf } from '../go-fields.js';
import { type CapabilityId, unmarshalCapabilityText, unmarshalInterfaceType, ZERO_CAPABILITY } from './capability-id.js';
import { type GoType, goTypeName } from './config-type.js';
import type { JsonSpan } from './json-spans.js';

/**
 * Go's encoding/json decoding a plugin's config.json into moby's config type: the value, and the
 * error json.Unmarshal returns, in the words of the Go the release is built with.
 *
 * - Classic Go (20.10.24, 26.1.5, 29.7.2): a type error is kept and decoding goes on; the first is
 *   returned, named by the innermost struct and the Go field path (`PluginMount.Mounts.Source`).
 *   An Unmarshaler's error ends the decoding at once and is returned as it is.
 * - 28.x's Go (observed on 28.5.2): the first error in the document wins, an Unmarshaler's too,
 *   and decoding goes on past both (a panic further on still drops the connection); a type error
 *   is named by the top struct and the document's keys and indexes (`PluginConfig.Mounts.0.Source`),
 *   without "Go struct field" when the path ends in an index.
 */

/** A pointer: copies of the struct that holds it share it, as moby's settings share the config's mount sources and device paths. */
export interface GoPointer {
  target: GoValue;
}
export type GoStruct = { [field: string]: GoValue };
export type GoValue = string | boolean | number | CapabilityId | GoPointer | GoValue[] | GoStruct | null;

/** What json.Unmarshal made of the document. */
export type ConfigDecoding = { readonly config: GoStruct } | { readonly error: string } | { readonly panics: true };

/** How the release's Go decodes. */
export interface GoDecoder {
  /** 28.x's encoding/json (go-json-newer.ts: printsNewerWords). */
  readonly newerGo: boolean;
  /** The API module's types (29.0). */
  readonly module: boolean;
}

/** Go's zero value of a type. */
function zeroOf(type: GoType): GoValue {
  switch (type.kind) {
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'uint32':
      return 0;
    case 'capability':
      return ZERO_CAPABILITY;
    case 'pointer':
    case 'slice':
      return null;
    case 'struct':
      return Object.fromEntries(type.fields.map((field) => [field.name, zeroOf(field.type)]));
  }
}

/** Where a value sits: the innermost struct and Go's field path (classic words), the document's keys and indexes (28.x words). */
interface Place {
  readonly struct: string;
  readonly fields: readonly string[];
  readonly keys: readonly (string | number)[];
}

class Stop extends Error {
  override readonly name = 'Stop';
  constructor(readonly outcome: { readonly error: string } | { readonly panics: true }) {
    super('decoding stopped');
  }
}

const UINT32_MAX = 4294967295;

class Decoding {
  private readonly errors: string[] = [];

  constructor(
    private readonly document: Buffer,
    private readonly top: GoType & { readonly kind: 'struct' },
    private readonly go: GoDecoder,
  ) {}

  run(span: JsonSpan): ConfigDecoding {
    try {
      const config = this.value(span, this.top, zeroOf(this.top), { struct: '', fields: [], keys: [] }) as GoStruct;
      return this.errors.length > 0 ? { error: this.errors[0]! } : { config };
    } catch (error) {
      if (error instanceof Stop) return error.outcome;
      throw error;
    }
  }

  private typeError(span: JsonSpan, type: GoType, place: Place): void {
    const what = type.kind === 'uint32' && span.kind === 'number' ? `number ${span.literal}` : span.kind;
    const into = goTypeName(type, this.go.module);
    if (place.keys.length === 0) {
      this.errors.push(`json: cannot unmarshal ${what} into Go value of type ${into}`);
      return;
    }
    if (!this.go.newerGo) {
      this.errors.push(`json: cannot unmarshal ${what} into Go struct field ${place.struct}.${place.fields.join('.')} of type ${into}`);
      return;
    }
    const topName = this.top.name[this.go.module ? 1 : 0];
    const path = `${topName}.${place.keys.join('.')}`;
    const indexed = typeof place.keys[place.keys.length - 1] === 'number';
    this.errors.push(`json: cannot unmarshal ${what} into ${indexed ? '' : 'Go struct field '}${path} of type ${into}`);
  }

  private value(span: JsonSpan, type: GoType, current: GoValue, place: Place): GoValue {
    if (type.kind === 'capability') return this.capability(span, type, place);
    if (span.kind === 'null') return type.kind === 'pointer' || type.kind === 'slice' ? null : current;
    switch (type.kind) {
      case 'string':
        return this.scalar(span, type, place, current, span.kind === 'string' ? span.text : undefined);
      case 'bool':
        return this.scalar(span, type, place, current, span.kind === 'bool' ? span.value : undefined);
      case 'uint32': {
        const fits = span.kind === 'number' && /^[0-9]+$/.test(span.literal) && Number(span.literal) <= UINT32_MAX;
        return this.scalar(span, type, place, current, fits ? Number(span.literal) : undefined);
      }
      case 'pointer': {
        const pointer = current as GoPointer | null;
        const target = this.value(span, type.elem, pointer?.target ?? zeroOf(type.elem), place);
        if (pointer === null) return { target };
        pointer.target = target;
        return pointer;
      }
      case 'slice':
        if (span.kind !== 'array') return this.scalar(span, type, place, current, undefined);
        return span.items.map((item, index) => this.value(item, type.elem, zeroOf(type.elem), { ...place, keys: [...place.keys, index] }));
      case 'struct': {
        if (span.kind !== 'object') return this.scalar(span, type, place, current, undefined);
        const value = { ...(current as GoStruct) };
        const names = type.fields.map((field) => field.name);
        for (const member of span.members) {
          const name = goFieldOf(member.key, names);
          if (name === undefined) continue;
          const fieldType = type.fields.find((field) => field.name === name)!.type;
          const inner = { struct: type.name[this.go.module ? 1 : 0], fields: [...place.fields, name], keys: [...place.keys, member.key] };
          value[name] = this.value(member.value, fieldType, value[name] ?? zeroOf(fieldType), inner);
        }
        return value;
      }
    }
  }

  /** The value when the JSON holds one of the type, else a type error and the value unchanged. */
  private scalar(span: JsonSpan, type: GoType, place: Place, current: GoValue, taken: GoValue | undefined): GoValue {
    if (taken !== undefined) return taken;
    this.typeError(span, type, place);
    return current;
  }

  /** An interface type: types.PluginInterfaceType's UnmarshalJSON before 29.0, plugin.CapabilityID's UnmarshalText from 29.0. */
  private capability(span: JsonSpan, type: GoType, place: Place): GoValue {
    if (this.go.module) {
      if (span.kind === 'string') return unmarshalCapabilityText(span.text);
      if (span.kind !== 'null') this.typeError(span, type, place);
      return ZERO_CAPABILITY;
    }
    const parsed = unmarshalInterfaceType(this.document.subarray(span.start, span.end), this.document[span.end], this.go.newerGo);
    if ('id' in parsed) return parsed.id;
    if ('panics' in parsed) throw new Stop({ panics: true });
    if (!this.go.newerGo) throw new Stop({ error: parsed.error });
    this.errors.push(parsed.error);
    return ZERO_CAPABILITY;
  }
}

/** json.Unmarshal of a document Go's scanner accepted (its tree) into the config type `top`. */
export function decodeConfig(document: Buffer, span: JsonSpan, top: GoType, go: GoDecoder): ConfigDecoding {
  if (top.kind !== 'struct') throw new TypeError('the config type is a struct');
  return new Decoding(document, top, go).run(span);
}
