/** Shared by test/compare*.test.ts and test/browser/compare.spec.ts: reports of several implementations, fixed and generated. */
import fc from 'fast-check';
import type { ConformanceReport, ResultStatus, RuleResult, RuleSummary } from '../reports/model/result.js';
import { nasty, STATUSES, totalsOf } from './reports-fixtures.js';

/** A report of one implementation: the target named by `product` and `release`, the given rules and results. */
export function implementationReport(parts: {
  readonly product: 'sim' | 'dockerd';
  readonly release: string;
  readonly rules: readonly RuleSummary[];
  readonly results: readonly RuleResult[];
  readonly apiVersions: readonly string[];
  readonly toolVersion?: string;
  readonly numRuns?: number;
  readonly seed?: number;
}): ConformanceReport {
  const sim = parts.product === 'sim';
  return {
    tool: { name: 'ctr-conformance', version: parts.toolVersion ?? '0.1.0' },
    target: {
      spec: sim ? 'sim' : `replay:test/fixtures/transcripts/dockerd-${parts.release}.json.gz`,
      kind: sim ? 'in-process' : 'replay',
      profile: 'docker',
      version: sim ? `${parts.release}.2+ctrd-sim` : `${parts.release}.1+dfsg1`,
      release: parts.release,
      apiRange: { min: parts.apiVersions[0] ?? '1.24', max: parts.apiVersions.at(-1) ?? '1.24' },
      observedApiRange: null,
      surfaces: ['daemon-api'],
      capabilities: [],
    },
    seed: parts.seed ?? 20261123,
    numRuns: parts.numRuns ?? 15,
    startedAt: '2026-11-27T07:00:00.000Z',
    durationMs: 1000,
    deadlines: { requestMs: 10_000, cellMs: 120_000, runMs: 1_800_000 },
    apiVersions: [...parts.apiVersions],
    rules: [...parts.rules],
    results: [...parts.results],
    totals: totalsOf(parts.results),
  };
}

const API = ['1.40', '1.41', '1.42'];
const rule = (id: string, area: string, title: string): RuleSummary => ({ id, title, source: 'document', section: '§1', area });
const result = (id: string, api: string | null, status: ResultStatus, summary = `${id} ${status}`): RuleResult => ({
  rule: id,
  api,
  status,
  evidence: status === 'skipped' || status === 'not-applicable' ? { summary, reason: `why ${id} is ${status}` } : { summary },
  durationMs: 1,
});

/** The rules of the fixed comparison: two areas, rules that agree and rules that differ. */
export const FIXED_RULES: readonly RuleSummary[] = [
  rule('api.ping', 'api', 'GET /_ping answers OK'),
  rule('api.version.header', 'api', 'Responses carry API-Version'),
  rule('api.too-old', 'api', 'Too-old versions are refused'),
  rule('api.skip-only', 'api', 'Skipped on the replays'),
  rule('config.shape', 'config', 'GET /info has its fields'),
  rule('config.same', 'config', 'Agreed everywhere'),
];

/**
 * Three implementations (ctrd-sim 28.5, dockerd 26.1, dockerd 28.5) over FIXED_RULES:
 * api.ping and config.same pass everywhere; api.version.header fails on dockerd 28.5 at 2 of 3
 * versions; api.too-old errs on dockerd 26.1; api.skip-only is skipped on the replays;
 * config.shape fails on dockerd 26.1 at its one place.
 */
export function fixedReports(): ConformanceReport[] {
  const sim = implementationReport({
    product: 'sim',
    release: '28.5',
    apiVersions: API,
    rules: FIXED_RULES,
    results: [
      result('api.ping', null, 'pass'),
      ...API.map((a) => result('api.version.header', a, 'pass')),
      ...API.map((a) => result('api.too-old', a, 'pass')),
      ...API.map((a) => result('api.skip-only', a, 'pass')),
      result('config.shape', null, 'pass'),
      result('config.same', null, 'pass'),
    ],
  });
  const d26 = implementationReport({
    product: 'dockerd',
    release: '26.1',
    apiVersions: API,
    rules: FIXED_RULES,
    results: [
      result('api.ping', null, 'pass'),
      ...API.map((a) => result('api.version.header', a, 'pass')),
      result('api.too-old', '1.40', 'pass'),
      result('api.too-old', '1.41', 'error', 'request timed out'),
      ...API.map((a) => result('api.skip-only', a, 'skipped')),
      result('config.shape', null, 'fail', 'field Containers missing\nmore lines'),
      result('config.same', null, 'pass'),
    ],
  });
  const d28 = implementationReport({
    product: 'dockerd',
    release: '28.5',
    apiVersions: API,
    rules: FIXED_RULES,
    results: [
      result('api.ping', null, 'pass'),
      result('api.version.header', '1.40', 'pass'),
      result('api.version.header', '1.41', 'fail', 'expected API-Version 1.41, got none'),
      result('api.version.header', '1.42', 'fail', 'expected API-Version 1.42, got none'),
      ...API.map((a) => result('api.too-old', a, 'pass')),
      ...API.map((a) => result('api.skip-only', a, 'skipped')),
      result('config.shape', null, 'pass'),
      result('config.same', null, 'pass'),
    ],
  });
  return [sim, d26, d28];
}

// ---- arbitraries --------------------------------------------------------------------------------

/** Rule ids from a small pool (so that reports share rules), some of them hard to escape. */
const ruleIdArb = fc.oneof(fc.constantFrom('api.a', 'api.b', 'config.c', 'config.d', 'reload.e', 'x'), nasty({ minLength: 1, maxLength: 8 }));
const apiArb = fc.constantFrom('1.40', '1.41', '1.42');

/** Several reports over a shared pool of rules and API versions, with a label each (given, or made from a release of its own). */
export const reportsToCompareArb: fc.Arbitrary<{ reports: ConformanceReport[]; labels: (string | undefined)[] }> = fc
  .record({
    pool: fc.uniqueArray(
      fc.record({ id: ruleIdArb, area: fc.option(fc.constantFrom('api', 'config', 'reload', '<b>&|'), { nil: undefined }), title: nasty() }),
      { minLength: 1, maxLength: 7, selector: (r) => r.id },
    ),
    count: fc.integer({ min: 2, max: 4 }),
  })
  .chain(({ pool, count }) => {
    const summaries = pool.map(({ id, area, title }): RuleSummary => ({ id, title, source: 'document', section: '', ...(area === undefined ? {} : { area }) }));
    const resultArb = fc.record({
      rule: fc.constantFrom(...pool.map((r) => r.id)),
      api: fc.option(apiArb, { nil: null }),
      status: fc.constantFrom(...STATUSES),
      summary: nasty(),
    });
    const one = fc.record({
      rules: fc.shuffledSubarray(summaries),
      results: fc.array(resultArb, { maxLength: 14 }),
      numRuns: fc.constantFrom(15, 100),
      toolVersion: fc.constantFrom('0.1.0', '0.2.0'),
    });
    return fc.record({
      parts: fc.array(one, { minLength: count, maxLength: count }),
      labels: fc.uniqueArray(
        nasty({ minLength: 1, maxLength: 12 }).filter((l) => l.trim() !== ''),
        { minLength: count, maxLength: count },
      ),
      given: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
    });
  })
  .map(({ parts, labels, given }) => {
    const reports = parts.map((p, i) =>
      implementationReport({
        product: i % 2 === 0 ? 'sim' : 'dockerd',
        release: `${20 + i}.0`,
        apiVersions: API,
        rules: p.rules,
        results: p.results.map((r) => result(r.rule, r.api, r.status, r.summary)),
        numRuns: p.numRuns,
        toolVersion: p.toolVersion,
      }),
    );
    // A given label never equals a label made from a release ("ctrd-sim 20.0", "dockerd 21.0"…): nasty ones have no digits and dots together.
    return { reports, labels: labels.map((l, i) => (given[i] && !/\d+\.\d/.test(l) ? l : undefined)) };
  });
