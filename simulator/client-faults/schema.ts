/**
 * The client-faults file (`ctrd-sim --client-faults FILE`) as a TypeBox type: the JSON Schema that
 * is shipped (specs/client-faults.schema.json) and the TypeScript type the simulator reads.
 * Client faults misbehave on purpose for people who write clients; they are not the self-test's
 * `--fault RULE` (simulator/faults/), which breaks a conformance rule.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';

/** Every wait a fault makes has a bound: a client under test must never hang the simulator's tests. */
export const MAX_DELAY_MS = 60_000;
export const MAX_STALL_MS = 120_000;
export const MAX_SLOW_MS = 120_000;
export const MAX_ENTRIES = 1000;
/** Seeds are unsigned 32-bit integers, as fast-check prints them. */
export const MAX_SEED = 0xffff_ffff;

const closed = { additionalProperties: false } as const;

/** What every entry has besides its kind: where it applies, how often, how many times at most. */
const COMMON = {
  name: Type.Optional(Type.String({ minLength: 1, description: 'A name for the entry, used in errors and in the log line of each fault.' })),
  method: Type.Optional(
    Type.Union(
      [
        Type.String({ pattern: '^[A-Z]+$', description: 'An HTTP method in capitals.' }),
        Type.Array(Type.String({ pattern: '^[A-Z]+$' }), { minItems: 1, uniqueItems: true }),
      ],
      { description: 'The method(s) the entry applies to; every method when absent.' },
    ),
  ),
  path: Type.Optional(
    Type.String({
      pattern: '^/',
      description:
        "A route pattern (rou3, as the simulator's route table) over the path without its /vX.Y prefix and query: `{id}` or `:id` is one segment (`/containers/{id}/json`), `**` any number of segments, none included (`/images/**`), `*` the rest of the path. Every path when neither path nor pathRegex is given.",
    }),
  ),
  pathRegex: Type.Optional(
    Type.String({ minLength: 1, description: 'A JavaScript regular expression the path without its /vX.Y prefix and query must match (instead of path).' }),
  ),
  probability: Type.Number({ minimum: 0, maximum: 1, description: 'How likely a matching request is to get the fault (drawn from the seed).' }),
  times: Type.Optional(Type.Integer({ minimum: 1, description: 'At most this many faults from this entry; unlimited when absent.' })),
} satisfies TProperties;

const entry = <K extends string, P extends TProperties>(kind: K, description: string, params: P) =>
  Type.Object({ kind: Type.Literal(kind), ...COMMON, ...params }, { ...closed, title: kind, description });

const afterBytes = (description: string) => Type.Optional(Type.Integer({ minimum: 0, default: 0, description }));

export const DelayEntry = entry('delay', 'The request waits, then is served as usual.', {
  ms: Type.Integer({ minimum: 0, maximum: MAX_DELAY_MS, description: 'How long it waits, in milliseconds.' }),
});
export const DropEntry = entry('drop', 'The connection is closed before any answer.', {});
export const ResetEntry = entry('reset', 'The answer starts, then the connection is reset (TCP RST; a unix socket is closed) after some bytes of its body.', {
  afterBytes: afterBytes('Bytes of the body sent before the reset.'),
});
export const TruncateEntry = entry('truncate', 'The body is cut short and its Content-Length says so: a well-framed answer whose JSON ends early.', {
  keepBytes: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes of the body kept; half of it when absent.' })),
});
export const MalformedJsonEntry = entry('malformed-json', 'A NUL byte is put in the middle of the body: no JSON parser takes it.', {});
export const ContentTypeEntry = entry('content-type', 'The answer carries another Content-Type.', {
  contentType: Type.Optional(Type.String({ pattern: '^[\\x20-\\x7e]+$', default: 'text/html; charset=utf-8', description: 'The Content-Type sent.' })),
});
export const HttpErrorEntry = entry('http-error', 'An error answer instead of the route: JSON {"message": …}.', {
  status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599, default: 500 })),
  message: Type.Optional(Type.String({ default: 'client fault injected by ctrd-sim' })),
});
export const SlowEntry = entry('slow', 'The body goes out a few bytes at a time; after maxMs the rest goes at once.', {
  chunkBytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_536, default: 16 })),
  intervalMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 100 })),
  maxMs: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SLOW_MS, default: 30_000 })),
});
export const StallEntry = entry('stall', 'After some bytes of the body nothing comes for a while; then the rest comes, or the connection is closed.', {
  afterBytes: afterBytes('Bytes of the body sent before the stall.'),
  ms: Type.Integer({ minimum: 1, maximum: MAX_STALL_MS, description: 'How long the stall lasts, in milliseconds.' }),
  afterwards: Type.Optional(
    Type.Union([Type.Literal('resume'), Type.Literal('close')], { default: 'resume', description: 'After the stall: the rest of the body, or a close.' }),
  ),
});

/** One schema per kind, by kind: the loader validates an entry against its kind's schema (precise errors). */
export const ENTRY_SCHEMAS = {
  delay: DelayEntry,
  drop: DropEntry,
  reset: ResetEntry,
  truncate: TruncateEntry,
  'malformed-json': MalformedJsonEntry,
  'content-type': ContentTypeEntry,
  'http-error': HttpErrorEntry,
  slow: SlowEntry,
  stall: StallEntry,
} as const satisfies Readonly<Record<string, TObject>>;

export type ClientFaultKind = keyof typeof ENTRY_SCHEMAS;
export const CLIENT_FAULT_KINDS = Object.keys(ENTRY_SCHEMAS) as readonly ClientFaultKind[];

export const ClientFaultEntrySchema = Type.Union(
  CLIENT_FAULT_KINDS.map((kind) => ENTRY_SCHEMAS[kind]),
  { description: 'One fault: where it applies (method, path), its kind and parameters, and its probability.' },
);

export const ClientFaultsFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    seed: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_SEED, description: 'The seed the choices are drawn from; --client-faults-seed gives it instead.' }),
    ),
    faults: Type.Array(ClientFaultEntrySchema, { maxItems: MAX_ENTRIES, description: 'Tried in order: the first whose draw hits gives the fault.' }),
  },
  {
    ...closed,
    title: 'ctrd-sim client faults',
    description:
      'Faults ctrd-sim injects for client authors (ctrd-sim --client-faults FILE). Deterministic: the k-th request an entry matches gets its fault when a draw from (seed, entry, k) is below its probability.',
  },
);

export type ClientFaultEntry = Static<typeof ClientFaultEntrySchema>;
export type ClientFaultsFile = Static<typeof ClientFaultsFileSchema>;

/** The schema as plain JSON (TypeBox's symbol keys dropped). */
export const clientFaultsJsonSchema = (): Record<string, unknown> => JSON.parse(JSON.stringify(ClientFaultsFileSchema)) as Record<string, unknown>;

/** The committed file's text: specs/client-faults.schema.json. */
export const clientFaultsJsonSchemaText = (): string => `${JSON.stringify(clientFaultsJsonSchema(), null, 2)}\n`;
