/**
 * Reports of the whole catalogue as the runner writes them for a target that carries some
 * surfaces only (issue 38): a bare llama-server (only the model runner's API: every other rule
 * skipped, as the gate skips them) and, for contrast, the simulator (every surface). Shared by
 * test/carried-surfaces.test.ts and test/browser/report.spec.ts.
 */
import type { ConformanceReport, ResultStatus, RuleResult, TargetDescription } from '../reports/model/result.js';
import { totalsOf } from '../reports/model/totals.js';
import { ENGINE_DEVIATIONS } from '../specs/engine-deviations.js';
import { RULES } from '../specs/index.js';
import type { Rule, Surface } from '../specs/types.js';
import { withEngineDeviations } from '../suites/run/known-deviations.js';

/** A few daemon API versions: every per-version rule has a cell at each. */
const API_VERSIONS = ['1.24', '1.44', '1.51'];

const WHAT_IT_LACKS: Readonly<Record<Surface, string>> = {
  'daemon-api': "has no daemon API: the rule speaks of the daemon's HTTP API",
  'daemon-process': 'has no daemon process the suites start: the rule speaks of the daemon as a process (flags, environment, files, signals)',
  'model-runner-api': "has no model runner API: the rule speaks of the model runner's OpenAI-compatible API",
  'model-runner-service': 'has no model runner service: the rule speaks of the model runner service',
};

/** The model runner API rule that fails, and the one that errs, on the llama-server report (a known deviation of its build fails too). */
export const FAILING_MR = 'mr.chat.shape';
export const ERRING_MR = 'mr.generation.stop';
export const KNOWN_MR = ENGINE_DEVIATIONS[0]!.rule;

function catalogueReport(target: TargetDescription, statusOf: (rule: Rule) => ResultStatus): ConformanceReport {
  const results: RuleResult[] = RULES.flatMap((rule) => {
    const status = statusOf(rule);
    const reason =
      status === 'skipped'
        ? rule.applies.surface === 'model-runner-api'
          ? 'the target lists no model to run inference with'
          : `${target.spec} ${WHAT_IT_LACKS[rule.applies.surface]}`
        : undefined;
    const evidence = { summary: `${rule.id}: ${status}`, ...(reason === undefined ? {} : { reason }) };
    const apis = rule.binding === 'per-version' ? API_VERSIONS : [null];
    return apis.map((api) => ({ rule: rule.id, api, status, evidence, durationMs: 1 }));
  });
  return {
    tool: { name: 'ctr-conformance', version: 'test' },
    target,
    seed: 38,
    numRuns: 1,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
    apiVersions: API_VERSIONS,
    rules: RULES.map((rule) => ({
      id: rule.id,
      title: rule.title,
      source: rule.source.kind,
      section: rule.id,
      level: rule.level,
      area: rule.area,
      surface: rule.applies.surface,
    })),
    results,
    totals: totalsOf(results),
  };
}

/** An OpenAI-compatible server run bare (`openai:`, `llama-server`): only the model runner's API, its engine as identified. */
export const bareEngine = (spec: string, engine: NonNullable<TargetDescription['engine']>): TargetDescription => ({
  spec,
  kind: 'openai',
  profile: 'docker',
  version: null,
  release: null,
  apiRange: null,
  observedApiRange: null,
  surfaces: ['model-runner-api'],
  capabilities: [],
  engine,
});

/**
 * A bare llama-server of the build llama.cpp's known deviations were observed on: the model
 * runner's API judged (passes, a failure, an error, a known deviation), everything else skipped.
 */
export function llamaServerReport(): ConformanceReport {
  const deviation = ENGINE_DEVIATIONS[0]!;
  const target = bareEngine('llama-server', { name: deviation.engine, version: deviation.builds[0]!, evidence: ['GET /props: build_info b11669-Debian'] });
  const status = (rule: Rule): ResultStatus => {
    if (rule.applies.surface !== 'model-runner-api') return 'skipped';
    if (rule.id === FAILING_MR || rule.id === KNOWN_MR) return 'fail';
    if (rule.id === ERRING_MR) return 'error';
    return rule.id.startsWith('mr.openai.') || rule.id.startsWith('mr.auth.') ? 'pass' : 'skipped';
  };
  return withEngineDeviations(catalogueReport(target, status));
}

/** The same catalogue on the simulator, which carries every surface: a daemon target with a model runner. */
export function simulatorReport(): ConformanceReport {
  const target: TargetDescription = {
    spec: 'sim',
    kind: 'in-process',
    profile: 'ctr',
    version: '29.7.0',
    release: '29.7',
    apiRange: { min: '1.24', max: '1.51' },
    observedApiRange: { min: '1.24', max: '1.51', source: 'version' },
    surfaces: ['daemon-api', 'daemon-process', 'model-runner-api', 'model-runner-service'],
    capabilities: ['start', 'wire'],
  };
  return catalogueReport(target, (rule) => (rule.id === FAILING_MR ? 'fail' : rule.applies.surface === 'daemon-process' ? 'skipped' : 'pass'));
}

/** The report as an older tool wrote it: its rules record no surface. */
export const withoutSurfaces = (report: ConformanceReport): ConformanceReport => ({
  ...report,
  rules: report.rules.map(({ surface: _, ...rule }) => rule),
});
