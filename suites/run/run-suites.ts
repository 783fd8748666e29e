import { RULES } from '../../specs/index.js';
import type { Rule } from '../../specs/types.js';
import type { ObservedApiRange, RuleResult, TargetDescription } from '../../reports/model/result.js';
import type { HttpClient } from '../http/client.js';
import { profileFor, type Profile } from '../profiles.js';
import { readFacts, releaseOf, type TargetFacts } from '../targets/facts.js';
import { judgeRelease, notObservedNote } from '../targets/judged-release.js';
import { quirksOf } from '../targets/carried-quirks.js';
import { probeEngine, type EngineIdentity } from '../targets/engine-identity.js';
import { rootOf } from '../http/endpoint.js';
import type { TranscriptRecorder } from '../targets/transcript.js';
import { TargetError, type Target, type TargetInstance } from '../targets/target.js';
import { apiColumns } from '../harness/cells.js';
import { clientFactory } from './cell-client.js';
import { DEFAULT_DEADLINES, deadlineController, DeadlinePassed, raceDeadline, type Deadlines } from './deadlines.js';
import { RunError } from './errors.js';
import { evaluateCell, type RunState } from './evaluate-cell.js';
import { checkSelection, expandOnly, planCells, type Shard } from './plan.js';
import { withRerun } from './rerun.js';
import { targetArgsOf } from './run-record.js';
import { ResponsivenessWatch, type TargetUnresponsive } from './responsiveness.js';

export interface RunOptions {
  readonly target: Target;
  /** The names the target uses; when absent, taken from the target's own headers (ctr if none). */
  readonly profile?: Profile;
  readonly seed: number;
  /** Generated cases per property. */
  readonly numRuns: number;
  /** Generated cases for properties that start a daemon per case. */
  readonly numStarts: number;
  /** Release to take expectations from, when the target's own version does not name one. */
  readonly release?: string;
  /** Only these cells: "rule" or "rule@api", an area or a glob over rule ids (see expandOnly). */
  readonly only?: readonly string[];
  /** Replay path of a counterexample (with --only naming one cell). */
  readonly path?: string;
  /** Only this part of the cells (see planCells). */
  readonly shard?: Shard;
  /** Cells checked at once (default 4). */
  readonly concurrency?: number;
  /**
   * false: a failing property reports the first failing case it finds, unshrunk (for runs that
   * want verdicts, not small counterexamples: the self-tests). Default true.
   */
  readonly shrink?: boolean;
  /** Time limits; each one missing takes its default (DEFAULT_DEADLINES). */
  readonly deadlines?: Partial<Deadlines>;
  /** How the target is named on a command line, for the rerun lines of failing cells (default `--target <spec>`). */
  readonly targetArgs?: readonly string[];
  /**
   * Stops the run early (e.g. on SIGINT): like the run deadline, the cells not judged yet are
   * errors, the target is stopped and the results are returned.
   */
  readonly signal?: AbortSignal;
  /** Records every answer of the target into this transcript recorder. */
  readonly recorder?: TranscriptRecorder;
  readonly onProgress?: (done: number, total: number, label: string) => void;
}

export interface SuiteRun {
  readonly target: TargetDescription;
  readonly apiVersions: readonly string[];
  readonly rules: readonly Rule[];
  readonly results: readonly RuleResult[];
  readonly seed: number;
  readonly numRuns: number;
  readonly deadlines: Deadlines;
  readonly startedAt: Date;
  readonly durationMs: number;
  /** Whether the run's deadline passed, or `signal` stopped it (its remaining cells are errors). */
  readonly runDeadlinePassed: boolean;
  /** Whether `signal` stopped the run. */
  readonly stopped: boolean;
  /** Why the target was declared unresponsive (its remaining cells are errors), or null. */
  readonly unresponsive: string | null;
}

/** How long stopping a target may take before the run goes on without waiting (exit hooks finish it). */
const STOP_GRACE_MS = 30_000;
/** How long work abandoned at a deadline may take to let go of what it started. */
const LEFTOVER_GRACE_MS = 5_000;

/**
 * The profile decides which variable names the suites use (CTR_MIN_API_VERSION or
 * DOCKER_MIN_API_VERSION): a wrong one would make rules fail that the daemon keeps. So a profile
 * that contradicts the target's own headers is refused rather than trusted.
 */
function chooseProfile(spec: string, asked: Profile | undefined, seen: 'ctr' | 'docker' | null): Profile {
  if (asked !== undefined && seen !== null && asked.name !== seen) {
    throw new TargetError(
      'TARGET_PROFILE',
      `${spec} uses the ${seen} names (its ${seen === 'docker' ? 'Docker' : 'Ctr'}-Experimental header), not ${asked.name}'s: run it with --profile ${seen}`,
    );
  }
  return asked ?? profileFor(seen ?? 'ctr')!;
}

/** The range the target reported itself, or null when it reported none. */
export function observedRangeOf(facts: TargetFacts): ObservedApiRange | null {
  const { min, max, source } = facts.observedApi;
  return source === null ? null : { min, max, source };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** What a start that failed showed: how the process ended, and its last lines (or that it printed nothing). */
function whyNotStarted(exitCode: number | null, output: string): string {
  const how = exitCode === null ? 'it did not answer GET /_ping' : `it exited with code ${exitCode} before it answered GET /_ping`;
  const last = output.trim().split('\n').slice(-5).join('\n');
  return last === '' ? `${how}, and printed nothing` : `${how}; its last output:\n${last}`;
}

/** Starts the target within the run's deadline; a target that does not start is a TargetError. */
async function startTarget(target: Target, signal: AbortSignal): Promise<TargetInstance> {
  const starting = target.start();
  const started = await raceDeadline(starting, signal, (reason) => {
    // Whatever starts after all is stopped at once.
    void starting.then((late) => (late.ok ? late.instance.stop() : undefined)).catch(() => undefined);
    throw new TargetError(
      'TARGET_START',
      `${target.spec} did not start before the ${reason instanceof DeadlinePassed ? reason.message : `run was stopped${reason instanceof Error ? ` (${reason.message})` : ''}`}`,
    );
  });
  if (!started.ok) throw new TargetError('TARGET_START', `${target.spec} did not start: ${whyNotStarted(started.exitCode, started.output)}`);
  return started.instance;
}

/**
 * Runs every selected rule against the target and returns one result per cell. A target that
 * cannot be started or does not answer at all is a TargetError; everything after that ends in
 * results: a cell that outlives its deadline, or the run's, is an `error`, and the target is
 * stopped in every case.
 */
export async function runSuites(options: RunOptions): Promise<SuiteRun> {
  const { target } = options;
  const startedAt = new Date();
  const deadlines: Deadlines = { ...DEFAULT_DEADLINES, ...options.deadlines };
  const optedRelease = options.release === undefined ? null : releaseOf(options.release);
  if (options.release !== undefined && optedRelease === null)
    throw new RunError('RUN_OPTIONS', `unknown release ${JSON.stringify(options.release)} for --release`);
  // Areas and globs become rule ids once; an unknown rule in `only` is refused before anything starts.
  const only = expandOnly(options.only, RULES);
  planCells(RULES, [], only);
  // A target that stops answering ends the run as its deadline would, but at once.
  const unresponsive = new AbortController();
  const watch = new ResponsivenessWatch(deadlines.requestMs, (reason) => unresponsive.abort(reason));
  const run = deadlineController(
    'run',
    deadlines.runMs,
    options.signal === undefined ? unresponsive.signal : AbortSignal.any([options.signal, unresponsive.signal]),
  );
  const openClient = clientFactory(deadlines.requestMs, options.recorder?.observe);
  let instance: TargetInstance | undefined;
  let client: HttpClient | undefined;
  const leftovers: Promise<unknown>[] = [];
  try {
    instance = await startTarget(target, run.signal);
    const endpoint = instance.endpoint;
    client = openClient(endpoint);
    let facts: TargetFacts;
    let engine: EngineIdentity | undefined;
    try {
      const reading = client.with({ signal: run.signal });
      // A target without a daemon API (openai:URL) has no /version: that it answers at all is
      // seen on its models list, and a failure names that request, not one it never had.
      if (!target.surfaces.has('daemon-api')) await reading.request('GET', '/models');
      facts = await readFacts(reading);
      if (!target.surfaces.has('daemon-api')) engine = await probeEngine(reading, openClient(rootOf(endpoint)).with({ signal: run.signal }));
    } catch (error) {
      const why = run.signal.aborted ? (run.signal.reason as Error).message : error instanceof Error ? error.message : String(error);
      throw new TargetError('TARGET_UNREACHABLE', `${target.spec} could not be reached: ${why}`);
    }
    const judged = optedRelease === null ? judgeRelease(facts) : { release: optedRelease, judgement: null };
    const release = judged.release;
    const windows = facts.os === 'windows';
    const observed = observedRangeOf(facts);
    const table = release === null ? null : { min: windows ? release.windowsMinApi : release.defaultMinApi, max: release.maxApi };
    const range = table ?? (observed?.min != null && observed.max != null ? { min: observed.min, max: observed.max } : null);
    const profile = chooseProfile(target.spec, options.profile, facts.brand);
    const apiVersions = apiColumns(range?.max ?? null);
    const cells = planCells(RULES, apiVersions, only, options.shard);
    checkSelection(only, apiVersions, options.shard === undefined ? cells : planCells(RULES, apiVersions, only), cells, options.shard);
    const state: RunState = {
      target,
      instance,
      endpoint,
      facts,
      release,
      profile,
      range,
      rangeUnknown: `${target.spec} reports no API range (GET /version gave no MinAPIVersion and ApiVersion) and its release is unknown — pass \`--release\` to judge`,
      seed: options.seed,
      numRuns: options.numRuns,
      numStarts: options.numStarts,
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.shrink === false ? { shrink: false } : {}),
      deadlines,
      client,
      openClient,
      runSignal: run.signal,
      watch,
      leftovers,
    };
    const rerunBase = {
      targetArgs: targetArgsOf(options),
      profile: profile.name,
      ...(options.release === undefined ? {} : { release: options.release }),
      seed: options.seed,
      numRuns: options.numRuns,
      numStarts: options.numStarts,
    };

    const results: RuleResult[] = new Array(cells.length);
    let next = 0;
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < cells.length) {
        const index = next++;
        const cell = cells[index]!;
        const result = await evaluateCell(cell, state);
        results[index] = { ...result, evidence: withRerun(rerunBase, result, result.evidence) };
        options.onProgress?.(++done, cells.length, `${cell.rule.id}${cell.api === null ? '' : ` @ ${cell.api}`}`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
    const quirks = quirksOf(target);

    return {
      target: {
        spec: target.spec,
        kind: target.kind,
        profile: profile.name,
        version: facts.version,
        release: release?.release ?? null,
        apiRange: table,
        observedApiRange: observed,
        surfaces: [...target.surfaces],
        capabilities: [...target.capabilities],
        ...(engine === undefined ? {} : { engine }),
        ...(judged.judgement === null ? {} : { judgedAs: judged.judgement }),
        ...(quirks.length === 0 ? {} : { quirks }),
        ...(release === null || release.observed !== null ? {} : { notObserved: notObservedNote(release.release) }),
      },
      apiVersions,
      rules: RULES,
      results,
      seed: options.seed,
      numRuns: options.numRuns,
      deadlines,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      runDeadlinePassed: run.signal.aborted && run.signal.reason instanceof DeadlinePassed,
      stopped: options.signal?.aborted === true,
      unresponsive: unresponsive.signal.aborted ? (unresponsive.signal.reason as TargetUnresponsive).message : null,
    };
  } finally {
    run.dispose();
    client?.close();
    // Cells abandoned at a deadline get a moment to stop what they started; then the target stops.
    if (leftovers.length > 0) await Promise.race([Promise.allSettled(leftovers), sleep(LEFTOVER_GRACE_MS)]);
    if (instance !== undefined) await Promise.race([instance.stop().catch(() => undefined), sleep(STOP_GRACE_MS)]);
  }
}
