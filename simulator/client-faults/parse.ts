import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { SimError } from '../errors.js';
import { compileMatch } from './route-match.js';
import { CLIENT_FAULT_KINDS, ClientFaultsFileSchema, ENTRY_SCHEMAS, type ClientFaultEntry, type ClientFaultKind, type ClientFaultsFile } from './schema.js';
import { Type } from '@sinclair/typebox';

/** The array options that carry a maximum where the schema gives one. */
const maxItemsOf = (maxItems: number | undefined): { maxItems?: number } => (maxItems === undefined ? {} : { maxItems });

/** The file's frame without its entries' kinds: the entries are then checked one by one against their kind's schema. */
const FrameSchema = Type.Object(
  { ...ClientFaultsFileSchema.properties, faults: Type.Array(Type.Object({}), maxItemsOf(ClientFaultsFileSchema.properties.faults.maxItems)) },
  { additionalProperties: false },
);

interface Validators {
  readonly frame: ValidateFunction;
  readonly byKind: Readonly<Record<ClientFaultKind, ValidateFunction>>;
}

let compiled: Validators | undefined;

/** Compiled on first use: only a simulator started with a client-faults file pays for them. */
function validators(): Validators {
  if (compiled === undefined) {
    const ajv = new Ajv({ allErrors: false, strict: true, useDefaults: true });
    compiled = {
      frame: ajv.compile(FrameSchema),
      byKind: Object.fromEntries(CLIENT_FAULT_KINDS.map((kind) => [kind, ajv.compile(ENTRY_SCHEMAS[kind])])) as Record<ClientFaultKind, ValidateFunction>,
    };
  }
  return compiled;
}

/** The field an error is about (`/method/0` → `method.0`); an error about an object names the property it misses or has too many of. */
function fieldOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const inside = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const named = params.missingProperty ?? params.additionalProperty;
  if (named !== undefined) return inside === '' ? named : `${inside}.${named}`;
  return inside === '' ? '(the entry)' : inside;
}

function wording(error: ErrorObject, kind?: string): string {
  if (error.keyword === 'additionalProperties') return kind === undefined ? 'is not a known field' : `is not a field of a ${kind} fault`;
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'enum' || error.keyword === 'const') return `${error.message ?? 'is not allowed'} ${JSON.stringify(error.params)}`;
  return error.message ?? error.keyword;
}

/** A usage error that names the file, the entry (index and name) and the field. */
function problem(file: string, where: string, field: string, what: string): SimError {
  return new SimError('SIM_USAGE', `invalid argument "${file}" for "--client-faults" flag: ${where}field ${field}: ${what}`);
}

const entryLabel = (index: number, raw: unknown): string => {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return `entry ${index}${typeof name === 'string' ? ` (${JSON.stringify(name)})` : ''}: `;
};

function checkEntry(file: string, index: number, raw: unknown): ClientFaultEntry {
  const where = entryLabel(index, raw);
  const kind = (raw as { kind?: unknown }).kind;
  if (kind === undefined) throw problem(file, where, 'kind', `is required (one of ${CLIENT_FAULT_KINDS.join(', ')})`);
  if (typeof kind !== 'string' || !(CLIENT_FAULT_KINDS as readonly string[]).includes(kind))
    throw problem(file, where, 'kind', `${JSON.stringify(kind)} is not a kind of fault (one of ${CLIENT_FAULT_KINDS.join(', ')})`);
  const validate = validators().byKind[kind as ClientFaultKind];
  if (!validate(raw)) {
    const error = validate.errors![0]!;
    throw problem(file, where, fieldOf(error), wording(error, kind));
  }
  const entry = raw as ClientFaultEntry;
  if (entry.path !== undefined && entry.pathRegex !== undefined) throw problem(file, where, 'pathRegex', 'give path or pathRegex, not both');
  try {
    compileMatch(entry);
  } catch (error) {
    throw problem(file, where, entry.pathRegex !== undefined ? 'pathRegex' : 'path', (error as Error).message);
  }
  return entry;
}

/**
 * Parses and validates a client-faults file in JSON (its schema is specs/client-faults.schema.json;
 * read.ts reads YAML too). A bad file is a SimError SIM_USAGE naming the entry and the field;
 * defaults are filled in.
 */
export function parseClientFaults(text: string, file: string): ClientFaultsFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new SimError('SIM_USAGE', `invalid argument "${file}" for "--client-faults" flag: not JSON: ${(error as Error).message}`);
  }
  return checkClientFaults(doc, file, 'one JSON object with a "faults" array');
}

/** Validates a decoded client-faults file (JSON or YAML); `shape` says what the file must hold, in its format's words. */
export function checkClientFaults(doc: unknown, file: string, shape: string): ClientFaultsFile {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new SimError('SIM_USAGE', `invalid argument "${file}" for "--client-faults" flag: the file must hold ${shape}`);
  // The entries are checked first, one by one: their errors are the precise ones.
  const entries = (doc as { faults?: unknown }).faults;
  if (Array.isArray(entries))
    entries.forEach((raw, index) => {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw problem(file, `entry ${index}: `, '(the entry)', 'must be an object');
      checkEntry(file, index, raw);
    });
  const frame = validators().frame;
  if (!frame(doc)) {
    const error = frame.errors![0]!;
    throw problem(file, '', fieldOf(error), wording(error));
  }
  return doc as ClientFaultsFile;
}
