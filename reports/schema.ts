/**
 * JSON Schema (TypeBox) for the report model in ./model/result.ts, and a validator.
 *
 * The schema mirrors `ConformanceReport` exactly; a compile-time check at the bottom of this file
 * fails the build when the two drift apart. `validateReport` adds a few consistency checks that a
 * JSON Schema cannot express (totals agree with the results, results name known rules and
 * API versions).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { deviationCovers, TARGET_KINDS, type ConformanceReport, type ResultStatus } from './model/result.js';
import { precompiledValidator, VALIDATOR_OPTIONS } from './validator-file.js';

export const RESULT_STATUSES = ['pass', 'fail', 'not-applicable', 'skipped', 'error'] as const satisfies readonly ResultStatus[];

const closed = { additionalProperties: false } as const;

export const ResultStatusSchema = Type.Union([
  Type.Literal('pass'),
  Type.Literal('fail'),
  Type.Literal('not-applicable'),
  Type.Literal('skipped'),
  Type.Literal('error'),
]);

const NonNegative = (description?: string) => Type.Number({ minimum: 0, ...(description ? { description } : {}) });
const Count = () => Type.Integer({ minimum: 0 });

export const HttpExchangeSchema = Type.Object(
  {
    request: Type.String({ description: 'e.g. "GET /v1.12/version"' }),
    endpoint: Type.Optional(Type.String({ description: 'Where the request went: "unix:///path/to.sock" or "http://127.0.0.1:2375".' })),
    requestBody: Type.Optional(Type.String({ description: 'The body sent with the request (first bytes).' })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    body: Type.Optional(Type.String({ description: 'The first bytes of the body.' })),
  },
  closed,
);

export const CounterexampleSchema = Type.Object(
  {
    seed: Type.Integer({ description: 'fast-check seed' }),
    path: Type.String({ description: 'fast-check replay path' }),
    input: Type.String({ description: 'The generated input, printed.' }),
    numRuns: Count(),
  },
  closed,
);

export const EvidenceSchema = Type.Object(
  {
    summary: Type.String(),
    exchanges: Type.Optional(Type.Array(HttpExchangeSchema)),
    counterexample: Type.Optional(CounterexampleSchema),
    reason: Type.Optional(Type.String()),
    rerun: Type.Optional(Type.String({ description: 'A command line that reruns exactly this cell.' })),
    curl: Type.Optional(Type.String({ description: 'A curl command that sends the deciding request again.' })),
    curlAfterRun: Type.Optional(
      Type.Object(
        { note: Type.String(), commands: Type.Array(Type.String()) },
        {
          ...closed,
          description: "When the curl line's address is gone after the run (a temporary socket, a recording): why, and the commands that send it again.",
        },
      ),
    ),
  },
  closed,
);

export const RuleResultSchema = Type.Object(
  {
    rule: Type.String({ minLength: 1 }),
    api: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    axes: Type.Optional(Type.Record(Type.String(), Type.String(), { description: "Values of the cell's other axes." })),
    status: ResultStatusSchema,
    evidence: EvidenceSchema,
    durationMs: NonNegative(),
    coverage: Type.Optional(
      Type.Object(
        {
          items: Count(),
          generated: Type.Array(Type.String()),
          missing: Type.Array(Type.String()),
        },
        { ...closed, description: 'The documented items (options, keys, fields, forms) the rule ranges over, and which the run generated.' },
      ),
    ),
    otherReading: Type.Optional(
      Type.Object(
        { status: ResultStatusSchema, summary: Type.String() },
        { ...closed, description: "The verdict by the rule's other reading of an ambiguous document." },
      ),
    ),
    knownDeviation: Type.Optional(
      Type.Literal(true, { description: "A failing cell one of its rule's knownDeviations covers: still a failure, labelled as known." }),
    ),
  },
  closed,
);

export const RuleSummarySchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    title: Type.String(),
    source: Type.Union([Type.Literal('document'), Type.Literal('implementation')]),
    section: Type.String(),
    level: Type.Optional(
      Type.Union([Type.Literal('must'), Type.Literal('descriptive'), Type.Literal('implementation')], {
        description: "The catalogue's level: must and descriptive rules decide a certification.",
      }),
    ),
    area: Type.Optional(Type.String({ minLength: 1, description: "The catalogue's area of the rule." })),
    surface: Type.Optional(Type.String({ minLength: 1, description: "The interface of the target the rule speaks of (the catalogue's surface)." })),
    reading: Type.Optional(Type.String()),
    otherReading: Type.Optional(Type.String()),
    boundaries: Type.Optional(Type.Array(Type.String({ pattern: '^\\d+\\.\\d+$' }), { description: 'API versions from which the expected outcome changes.' })),
    knownDeviations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            implementation: Type.Optional(Type.String({ minLength: 1, description: 'The implementation it was observed on, e.g. "dockerd".' })),
            release: Type.String({ minLength: 1 }),
            apis: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'The API versions of the deviating cells; null: every cell.' }),
            what: Type.String({ description: 'What the release does.' }),
            evidence: Type.Optional(Type.String({ description: 'How it was observed.' })),
            ruleSays: Type.String({ description: "The words the rule rests on: the document's quote, or an implementation rule's expectation." }),
          },
          closed,
        ),
        { description: "Where the target's release is known to break the rule (specs/known-deviations.ts)." },
      ),
    ),
  },
  closed,
);

export const TargetDescriptionSchema = Type.Object(
  {
    spec: Type.String(),
    kind: Type.Union(TARGET_KINDS.map((kind) => Type.Literal(kind))),
    profile: Type.Union([Type.Literal('ctr'), Type.Literal('docker')]),
    version: Type.Union([Type.String(), Type.Null()]),
    release: Type.Union([Type.String(), Type.Null()]),
    apiRange: Type.Union([Type.Object({ min: Type.String(), max: Type.String() }, { ...closed, description: 'From the release table.' }), Type.Null()]),
    observedApiRange: Type.Union([
      Type.Object(
        {
          min: Type.Union([Type.String(), Type.Null()]),
          max: Type.Union([Type.String(), Type.Null()]),
          source: Type.Union([Type.Literal('version'), Type.Literal('ping')]),
        },
        { ...closed, description: 'As the target reported it, from GET /version or GET /_ping.' },
      ),
      Type.Null(),
    ]),
    surfaces: Type.Array(Type.String()),
    capabilities: Type.Array(Type.String()),
    quirks: Type.Optional(Type.Array(Type.String(), { description: 'The quirks the simulator carried (ctrd-sim --quirk, --as-observed); absent when none.' })),
    judgedAs: Type.Optional(
      Type.String({
        description: 'For an engine that is not dockerd (Podman): what it is, and the API version it was judged by (its release is not in the table).',
      }),
    ),
    notObserved: Type.Optional(
      Type.String({ description: "Present when no real daemon of the release was observed here: its expectations come from moby's source alone." }),
    ),
    engine: Type.Optional(
      Type.Object(
        {
          name: Type.Union([Type.String(), Type.Null()], { description: 'The engine its answers showed; null when no sign, or conflicting signs, were seen.' }),
          version: Type.Union([Type.String(), Type.Null()]),
          evidence: Type.Array(Type.String(), { description: 'What was seen, one line per sign.' }),
        },
        { ...closed, description: 'For a target that is only an OpenAI-compatible server: which engine answered.' },
      ),
    ),
  },
  closed,
);

export const DeadlinesSchema = Type.Object(
  {
    requestMs: NonNegative('One HTTP request.'),
    cellMs: NonNegative('One cell.'),
    runMs: NonNegative('The whole run.'),
  },
  closed,
);

export const TotalsSchema = Type.Object(
  {
    pass: Count(),
    fail: Count(),
    'not-applicable': Count(),
    skipped: Count(),
    error: Count(),
  },
  closed,
);

const BaselineChangeSchema = Type.Object(
  {
    rule: Type.String({ minLength: 1 }),
    api: Type.Union([Type.String(), Type.Null()]),
    before: Type.Union([ResultStatusSchema, Type.Null()], { description: "The baseline's status; null for a new cell." }),
    now: ResultStatusSchema,
    summary: Type.String(),
  },
  closed,
);

export const BaselineOutcomeSchema = Type.Object(
  {
    file: Type.String(),
    passed: Type.Boolean({ description: 'No regression: the exit code and junit.xml follow it.' }),
    regressions: Type.Array(BaselineChangeSchema),
    improvements: Type.Array(BaselineChangeSchema),
  },
  { ...closed, description: 'What a --baseline gate found.' },
);

export const ShardOfRunSchema = Type.Object(
  { index: Type.Integer({ minimum: 1 }), count: Type.Integer({ minimum: 1 }) },
  { ...closed, description: 'The part of the run this report holds (run --shard K/N); absent for a whole run.' },
);

export const RecordedOptionsSchema = Type.Object(
  {
    targetArgs: Type.Array(Type.String(), { description: 'The arguments that named the target: --target and the simulator flags.' }),
    profile: Type.Union([Type.Literal('ctr'), Type.Literal('docker'), Type.Null()], { description: '--profile as given; null: read from the target.' }),
    release: Type.Union([Type.String(), Type.Null()]),
    numStarts: Count(),
    only: Type.Array(Type.String(), { description: 'The --only entries as given; empty for every cell.' }),
    path: Type.Union([Type.String(), Type.Null()]),
    shrink: Type.Boolean(),
  },
  { ...closed, description: 'The options of the run that bear on its verdicts, besides seed, numRuns and deadlines.' },
);

export const ConformanceReportSchema = Type.Object(
  {
    tool: Type.Object({ name: Type.Literal('ctr-conformance'), version: Type.String() }, closed),
    target: TargetDescriptionSchema,
    seed: Type.Integer(),
    numRuns: Count(),
    options: Type.Optional(RecordedOptionsSchema),
    shard: Type.Optional(ShardOfRunSchema),
    baseline: Type.Optional(BaselineOutcomeSchema),
    startedAt: Type.String({ description: 'ISO 8601 timestamp' }),
    durationMs: NonNegative(),
    deadlines: DeadlinesSchema,
    apiVersions: Type.Array(Type.String({ minLength: 1 }), { description: 'Matrix columns, oldest first.' }),
    rules: Type.Array(RuleSummarySchema),
    results: Type.Array(RuleResultSchema),
    totals: TotalsSchema,
  },
  { ...closed, title: 'ConformanceReport' },
);

/** The schema as plain JSON (TypeBox's symbol keys dropped), ready to be written to a file. */
export function reportJsonSchema(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(ConformanceReportSchema)) as Record<string, unknown>;
}

/** The committed file's contents: `reports/report.schema.json`. */
export function reportJsonSchemaText(): string {
  return `${JSON.stringify(reportJsonSchema(), null, 2)}\n`;
}

export type ValidationResult = { ok: true } | { ok: false; errors: string[] };

let compiled: ValidateFunction | undefined;

/** The build's precompiled validator (reports/validator-file.ts), else the schema compiled now. */
function validator(): ValidateFunction {
  compiled ??= precompiledValidator(reportJsonSchemaText()) ?? compiledNow();
  return compiled;
}

/** The schema compiled at run time, as the build compiles it. */
export const compiledNow = (): ValidateFunction => new Ajv(VALIDATOR_OPTIONS).compile(reportJsonSchema());

function describe(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const extra =
    e.keyword === 'additionalProperties'
      ? ` '${String((e.params as { additionalProperty?: unknown }).additionalProperty)}'`
      : e.keyword === 'const' || e.keyword === 'enum'
        ? ` ${JSON.stringify(e.params)}`
        : '';
  return `${where}: ${e.message ?? e.keyword}${extra}`;
}

/** Checks a JSON Schema cannot express. Only called on schema-valid reports. */
function consistency(report: ConformanceReport): string[] {
  const errors: string[] = [];
  const ruleIds = new Set<string>();
  report.rules.forEach((r, i) => {
    if (ruleIds.has(r.id)) errors.push(`/rules/${i}/id: duplicate rule id ${JSON.stringify(r.id)}`);
    ruleIds.add(r.id);
  });
  if (report.shard !== undefined && report.shard.index > report.shard.count)
    errors.push(`/shard/index: is ${report.shard.index}, more than /shard/count (${report.shard.count})`);
  const apis = new Set<string>();
  report.apiVersions.forEach((v, i) => {
    if (apis.has(v)) errors.push(`/apiVersions/${i}: duplicate API version ${JSON.stringify(v)}`);
    apis.add(v);
  });
  const counted: Record<ResultStatus, number> = { pass: 0, fail: 0, 'not-applicable': 0, skipped: 0, error: 0 };
  const deviations = new Map(report.rules.map((r) => [r.id, r.knownDeviations ?? []]));
  report.results.forEach((r, i) => {
    counted[r.status] += 1;
    if (!ruleIds.has(r.rule)) errors.push(`/results/${i}/rule: unknown rule ${JSON.stringify(r.rule)} (not in /rules)`);
    if (r.knownDeviation === true && r.status !== 'fail')
      errors.push(`/results/${i}/knownDeviation: only a failing cell is a known deviation, not a ${r.status} one`);
    if (r.knownDeviation === true && !(deviations.get(r.rule) ?? []).some((d) => deviationCovers(d, r.api)))
      errors.push(`/results/${i}/knownDeviation: no known deviation of rule ${JSON.stringify(r.rule)} in /rules covers API ${r.api ?? 'none'}`);
    if (r.api !== null && !apis.has(r.api)) {
      errors.push(`/results/${i}/api: API version ${JSON.stringify(r.api)} is not in /apiVersions`);
    }
  });
  for (const s of RESULT_STATUSES) {
    if (report.totals[s] !== counted[s]) {
      errors.push(`/totals/${s}: is ${report.totals[s]} but ${counted[s]} result(s) have status ${s}`);
    }
  }
  return errors;
}

/** Validates against `ConformanceReportSchema`, then checks internal consistency. */
export function validateReport(value: unknown): ValidationResult {
  const validate = validator();
  if (!validate(value)) {
    return { ok: false, errors: (validate.errors ?? []).map(describe) };
  }
  const errors = consistency(value as ConformanceReport);
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

// ---- compile-time check: the schema's static type is exactly the model's type -------------------
type DeepWritable<T> = T extends readonly (infer U)[] ? DeepWritable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepWritable<T[K]> } : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type _SchemaMatchesModel = Assert<Same<DeepWritable<Static<typeof ConformanceReportSchema>>, DeepWritable<ConformanceReport>>>;
export type _StatusesComplete = Assert<Same<(typeof RESULT_STATUSES)[number], ResultStatus>>;
