import { fileKeyNamed, type Shape } from '../../../specs/config-schema.js';
import { jsonTypeWord } from './go-values.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { decodes28, type MessageStyle } from './message-style.js';
import type { FileDocument } from './read-document.js';
import { builderGcDecodesItself, goFieldName, goFieldPath, goFieldTypeAt, goStructOf, goTypeAt, hasField, releaseFields, takesAnyValues } from './go-fields.js';
import { gcFilterProblem, isGcFilterPlace } from './gc-filter.js';

/** A value of the wrong JSON type: where it is and what Go expected there. */
export interface TypeProblem {
  readonly key: string;
  /** Path below the key (map keys, field names, array indexes). */
  readonly below: readonly (string | number)[];
  /** That path as the document writes it: a field's key in the case it was given. */
  readonly given: readonly (string | number)[];
  /** The struct fields of that path alone (no map key, no index). */
  readonly fieldNames: readonly string[];
  /** The struct a nested field belongs to, for the wording of releases before 28.0. */
  readonly struct: string | null;
  readonly json: string;
  readonly goType: string;
  /** The value, for numbers Go prints ("number 1.5"). */
  readonly value: unknown;
  /** Inside a value that decodes itself with a json.Unmarshal of its own (a rule's filter): the map keys below it. */
  readonly inner?: readonly string[];
}

const STRUCT_OF_KEY: Readonly<Record<string, string>> = {
  'default-ulimits': 'Ulimit',
  runtimes: 'Runtime',
  builder: 'BuilderConfig',
  'default-address-pools': 'NetworkToSplit',
  proxies: 'Proxies',
};

function goTypeOf(shape: Shape, key: string, style: MessageStyle): string {
  switch (shape.type) {
    case 'bool':
      return 'bool';
    case 'int':
      return key === 'default-ulimits' ? 'int64' : 'int';
    case 'string':
      return 'string';
    case 'array':
      return `[]${goTypeOf(shape.items, key, style)}`;
    case 'map':
      if (key === 'runtimes') return `map[string]${style === 'v20' ? 'types' : 'system'}.Runtime`;
      if (key === 'default-ulimits') return 'map[string]*units.Ulimit';
      return `map[string]${goTypeOf(shape.values, key, style)}`;
    case 'object':
      if (key === 'default-ulimits') return 'units.Ulimit';
      if (key === 'runtimes') return `${style === 'v20' ? 'types' : 'system'}.Runtime`;
      return key === 'builder' ? 'config.BuilderConfig' : `config.${STRUCT_OF_KEY[key] ?? 'Object'}`;
  }
}

/** The first value of the document whose JSON type its key's shape does not take, or null. */
export function findTypeProblem(doc: FileDocument, style: MessageStyle): TypeProblem | null {
  for (const [key, value] of Object.entries(doc)) {
    const entry = fileKeyNamed(key);
    if (entry === undefined) continue; // a flag name without a file field: the decoder ignores it
    for (const { problem } of problemsIn(entry.shape, value, keyPlace(key), { style, release: null, textCheck: null }, []))
      if ('type' in problem) return problem.type;
  }
  return null;
}

/**
 * A string a field's own unmarshaler refuses (netip.Prefix's UnmarshalText of a pool's base, from
 * 27.0): its error, or null.
 */
export type TextCheck = (key: string, below: readonly (string | number)[], value: string) => string | null;

/** What the decoder reports: a value of the wrong type, an unmarshaler's own error, or a Go runtime panic (the daemon ends). */
export type DecodeProblem = { readonly type: TypeProblem } | { readonly text: string } | { readonly panic: string };

/** The keys whose value moby decodes with an UnmarshalJSON of its own (PoolsOpt, MemBytes). */
const DECODED_APART = new Set(['default-address-pools', 'default-shm-size']);

/**
 * A problem as the decoder meets it, with the values that decode themselves (an UnmarshalJSON or
 * UnmarshalText of their own) it stands in, outermost first.
 */
interface Found {
  readonly problem: DecodeProblem;
  readonly scopes: readonly string[];
}

/**
 * The problem the decoder reports for the document, or null (`types`: whether mistyped values
 * count). Go's decoder notes the first value of a wrong type and goes on, but a value that decodes
 * itself returns its own problem, and that stops the decoding around it: netip's refusal of a
 * pool's base; PoolsOpt, which decodes the pools apart and returns its own first problem; a
 * builder rule's filter; from 28.0 the builder's garbage collection and each of its rules. So
 * such a problem wins over any value of a wrong type met before it (observed on 20.10.24, 26.1.5
 * and 29.7.2). A Go panic ends the daemon where it is met. The decoder of Debian's 28.5.2+dfsg4
 * stops at the first problem of any kind, in document order (observed the same way).
 */
export function findDecodeProblem(doc: FileDocument, style: MessageStyle, release: DaemonRelease, textCheck: TextCheck, types = true): DecodeProblem | null {
  const found: Found[] = [];
  for (const [key, value] of Object.entries(doc)) {
    const entry = fileKeyNamed(key);
    if (entry === undefined) continue; // a flag name without a file field: the decoder ignores it
    const scopes = DECODED_APART.has(key) ? [key] : [];
    for (const one of problemsIn(entry.shape, value, keyPlace(key), { style, release, textCheck }, scopes))
      if (types || !('type' in one.problem)) found.push(one);
  }
  if (decodes28(release)) return found[0]?.problem ?? null;
  return outcomeOf(found, 0);
}

/**
 * What one json.Unmarshal returns, of the problems met inside it (those at `depth` scopes and
 * below, in order): a panic met, or the first value decoding itself that fails (what it returns
 * ends this decoding), else the first value of a wrong type noted.
 */
function outcomeOf(found: readonly Found[], depth: number): DecodeProblem | null {
  for (const [index, one] of found.entries()) {
    if ('panic' in one.problem) return one.problem;
    const scope = one.scopes[depth];
    if (scope === undefined) continue;
    const inside = found.slice(index).filter((other) => other.scopes[depth] === scope);
    return outcomeOf(inside, depth + 1);
  }
  return found[0]?.problem ?? null;
}

/** Where a value stands: its key, the path below it, the struct fields of that path, the innermost struct. */
interface Place {
  readonly key: string;
  readonly below: readonly (string | number)[];
  readonly given: readonly (string | number)[];
  readonly fieldNames: readonly string[];
  readonly struct: string | null;
}

/** How the values are read: the release's words, and the unmarshalers' own checks. */
interface Reading {
  readonly style: MessageStyle;
  readonly release: DaemonRelease | null;
  readonly textCheck: TextCheck | null;
}

const keyPlace = (key: string): Place => ({ key, below: [], given: [], fieldNames: [], struct: null });

/** An element's place (an index or a map key): an object element takes its key's struct. */
const elementPlace = (place: Place, part: string | number, element: Shape): Place => ({
  ...place,
  below: [...place.below, part],
  given: [...place.given, part],
  struct: place.struct ?? (element.type === 'object' ? (STRUCT_OF_KEY[place.key] ?? null) : null),
});

/** The struct field a JSON key fills: encoding/json prefers the field of that exact name, else takes one whose name differs only in case. */
const structFieldNamed = (fields: Readonly<Record<string, Shape>>, given: string): string | undefined =>
  Object.hasOwn(fields, given) ? given : Object.keys(fields).find((field) => field.toLowerCase() === given.toLowerCase());

/** Whether the value at `place` decodes itself: from 28.0 a builder's garbage collection and each of its rules (moby v28.0.0). */
function decodesItself(place: Place, release: DaemonRelease | null): boolean {
  if (place.key !== 'builder' || release === null || !builderGcDecodesItself(release)) return false;
  const [first, second] = place.fieldNames;
  if (place.fieldNames.length === 1) return first === 'gc';
  return place.fieldNames.length === 2 && first === 'gc' && second === 'policy' && typeof place.below.at(-1) === 'number';
}

/** A scope's name: where the value stands. */
const scopeAt = (place: Place): string => [place.key, ...place.below].join('.');

/** Every problem of a value, in the order the decoder meets them (an object's fields as the document orders them). */
function* problemsIn(shape: Shape, value: unknown, place: Place, reading: Reading, outer: readonly string[]): Generator<Found> {
  if (value === null || value === undefined) return; // absent, or null: Go leaves the field as it was
  const { key, fieldNames } = place;
  const scopes = decodesItself(place, reading.release) ? [...outer, scopeAt(place)] : outer;
  const problem = (): Found => ({ problem: { type: { ...place, json: jsonTypeWord(value), goType: goTypeOf(shape, key, reading.style), value } }, scopes });
  if (isGcFilterPlace(key, fieldNames)) {
    const found = gcFilterProblem(value, reading.release);
    const own = [...scopes, scopeAt(place)];
    if (found !== null && 'panic' in found) yield { problem: found, scopes: own };
    else if (found !== null) {
      const { path, ...mistype } = found.mistype;
      yield { problem: { type: { ...place, ...mistype, below: [...place.below, ...path], given: [...place.given, ...path], inner: path } }, scopes: own };
    }
    return;
  }
  switch (shape.type) {
    case 'bool':
      if (typeof value !== 'boolean') yield problem();
      return;
    case 'string': {
      if (typeof value !== 'string') return void (yield problem());
      const refused = reading.textCheck?.(key, place.below, value) ?? null;
      if (refused !== null) yield { problem: { text: refused }, scopes: [...scopes, scopeAt(place)] };
      return;
    }
    case 'int':
      if (!(typeof value === 'number' && Number.isInteger(value))) yield problem();
      return;
    case 'array':
      if (!Array.isArray(value)) return void (yield problem());
      for (let i = 0; i < value.length; i++) yield* problemsIn(shape.items, value[i], elementPlace(place, i, shape.items), reading, scopes);
      return;
    case 'map':
      if (typeof value !== 'object' || Array.isArray(value)) return void (yield problem());
      if (takesAnyValues(key, fieldNames)) return;
      for (const [name, inner] of Object.entries(value as Record<string, unknown>))
        yield* problemsIn(shape.values, inner, elementPlace(place, name, shape.values), reading, scopes);
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return void (yield problem());
      const fields = reading.release === null ? shape.fields : { ...shape.fields, ...releaseFields(key, fieldNames, reading.release) };
      for (const [given, inner] of Object.entries(value as Record<string, unknown>)) {
        const field = structFieldNamed(fields, given);
        if (field === undefined) continue; // no such field: the decoder passes over it
        const known = reading.release === null || hasField(key, field, reading.release);
        const fieldShape = known ? fields[field] : undefined;
        const below = {
          below: [...place.below, field],
          given: [...place.given, given],
          fieldNames: [...fieldNames, field],
          struct: place.struct ?? STRUCT_OF_KEY[key] ?? null,
        };
        if (fieldShape !== undefined) yield* problemsIn(fieldShape, inner, { ...place, ...below }, reading, scopes);
      }
      return;
    }
  }
}

const INTEGER_TYPES = new Set(['int', 'int64']);

/** Types that decode themselves from JSON text (encoding.TextUnmarshaler). */
const TEXT_TYPES = new Set(['net.IP', 'netip.Addr', 'netip.Prefix']);

/** Go's UnmarshalTypeError text, worded as the release words it. */
export function typeProblemText(problem: TypeProblem, style: MessageStyle, release: DaemonRelease): string {
  // The key's Go type where the shape alone does not name it (a struct field's keeps the shape's).
  const named = problem.fieldNames.length === 0 ? goTypeAt(problem.key, problem.below.length, release) : goFieldTypeAt(problem, release);
  const p = named === null ? problem : { ...problem, goType: named };
  // Go names a number's text where an integer type refuses it, elsewhere its JSON type alone (observed on 20.10.24 and 28.5.2).
  const what = p.json === 'number' && INTEGER_TYPES.has(p.goType) && typeof p.value === 'number' ? `number ${String(p.value)}` : p.json;
  const fields = p.below.filter((part): part is string => typeof part === 'string');
  // PoolsOpt decodes its entries with a json.Unmarshal of its own. The decoder gives that error the outer
  // path it stands at (20.10 without the field below it; 23.0 to 27.x and 29.x with it), or 28.x's keeps
  // the inner one alone, which starts below the key with no struct before it (observed on 20.10.24,
  // 26.1.5, 28.5.2 and 29.7.2).
  if (decodes28(release)) return decoder28Text(p, what);
  const pools = p.key === 'default-address-pools' && fields.length > 0;
  if (pools && style === 'v20') return `json: cannot unmarshal ${what} into Go struct field Config.${p.key} of type ${p.goType}`;
  if (pools)
    return `${style === 'v28' ? 'invalid JSON: ' : ''}json: cannot unmarshal ${what} into Go struct field Config.CommonConfig.NetworkConfig.${p.key}.${fields[fields.length - 1]!} of type ${p.goType}`;
  return goDecoderText(p, what, style, release);
}

/**
 * 28.x's decoder's words: the path below Config of the keys as the document gives them (a field's
 * in the case written, where Go's own decoder names the field), an index without "Go struct
 * field", a text type's reason.
 */
function decoder28Text(p: TypeProblem, what: string): string {
  // A value that decodes itself with a json.Unmarshal of its own: its error's own path, from the value down (observed on 28.5.2).
  if (p.inner !== undefined)
    return `invalid JSON: json: cannot unmarshal ${what} into ${p.inner.length === 0 ? 'Go value' : `Go struct field .${p.inner.join('.')}`} of type ${p.goType}`;
  // A builder's garbage collection and each of its rules decode themselves: the path starts below them.
  const ownDecoder = p.key === 'builder' && p.fieldNames[0] === 'gc';
  // The value a self-decoding struct is read from (the collection, a rule): its error names no field.
  const decodedWhole = p.fieldNames.length === 1 || (p.fieldNames.at(-1) === 'policy' && typeof p.below.at(-1) === 'number');
  if (ownDecoder && decodedWhole) return `invalid JSON: json: cannot unmarshal ${what} into Go value of type ${p.goType}`;
  const path =
    p.key === 'default-address-pools' && p.below.length > 0
      ? `.${p.given.join('.')}`
      : ownDecoder
        ? `.${p.given.at(-1)!}`
        : ['Config', p.key, ...p.given.map(String)].join('.');
  const lastIsIndex = typeof p.below[p.below.length - 1] === 'number';
  // A type that decodes itself from text says why (net.IP and netip.Prefix observed on 28.5.2).
  const why = TEXT_TYPES.has(p.goType) ? ': JSON value must be string type' : '';
  return `invalid JSON: json: cannot unmarshal ${what} into ${lastIsIndex ? '' : 'Go struct field '}${path} of type ${p.goType}${why}`;
}

/**
 * Go's own decoder's words (before 28.0 and from 29.0): the innermost struct, then the key's field
 * with the embedded structs before it, then the struct fields below it (map keys and indexes left
 * out); a value that is no struct field's names Config (observed on 26.1.5 and 29.7.2). 20.10's Go
 * named no embedded struct.
 */
function goDecoderText(p: TypeProblem, what: string, style: MessageStyle, release: DaemonRelease): string {
  const prefix = style === 'v28' ? 'invalid JSON: ' : '';
  const keyPath = style === 'v20' ? p.key : goFieldPath(p.key, release);
  const field =
    p.struct !== null && p.fieldNames.length > 0
      ? `${goStructOf(p, release)}.${[keyPath, ...p.fieldNames.map((name) => goFieldName(p.key, name))].join('.')}`
      : `Config.${keyPath}`;
  return `${prefix}json: cannot unmarshal ${what} into Go struct field ${field} of type ${p.goType}`;
}
