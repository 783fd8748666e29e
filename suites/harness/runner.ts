import { RULES } from '../../specs/index.js';
import type { Rule } from '../../specs/types.js';
import type { RuleResult, TargetDescription } from '../../reports/model/result.js';
import { HttpClient } from '../http/client.js';
import { profileFor, type Profile } from '../profiles.js';
import { readFacts, releaseOf } from '../targets/facts.js';
import type { TranscriptRecorder } from '../targets/transcript.js';
import { TargetError, type Target } from '../targets/target.js';
import { findCheck } from '../checks.js';
import { apiColumns, ruleGate } from './cells.js';
import type { SuiteContext } from './context.js';
import type { RuleCheck } from './rule-check.js';
import { cellSeed } from './seeds.js';
import { notApplicable, type Verdict } from './verdict.js';

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
  /** Only these cells: "rule" or "rule@api". */
  readonly only?: readonly string[];
  /** Replay path of a counterexample (with --only naming one cell). */
  readonly path?: string;
  readonly concurrency?: number;
  /** Records every answer of the target into this transcript recorder. */
  readonly recorder?: TranscriptRecorder;
  readonly onProgress?: (done: number, total: number, label: string) => void;
}

export interface SuiteRun {
  readonly target: TargetDescription;
  readonly apiVersions: readonly string[];
  readonly rules: readonly Rule[];
  readonly results: readonly RuleResult[];
}

interface Cell {
  readonly rule: Rule;
  readonly check: RuleCheck | undefined;
  readonly api: string | null;
}

function selected(only: readonly string[] | undefined, rule: string, api: string | null): boolean {
  if (only === undefined || only.length === 0) return true;
  return only.some((entry) => entry === rule || entry === `${rule}@${api ?? 'none'}`);
}

async function evaluate(cell: Cell, ctx: SuiteContext, options: RunOptions): Promise<Verdict> {
  const gate = ruleGate(cell.rule, cell.check, ctx);
  if (gate !== null) return gate;
  const check = cell.check!;
  const reason = check.applies?.(ctx, cell.api) ?? null;
  if (reason !== null) return notApplicable(reason);
  try {
    return await check.run(ctx, cell.api, {
      seed: cellSeed(options.seed, cell.rule.id, cell.api),
      numRuns: options.numRuns,
      ...(options.path === undefined ? {} : { path: options.path }),
    });
  } catch (error) {
    return { status: 'error', summary: `the check itself failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * The profile decides which variable names the suites use (CTR_MIN_API_VERSION or
 * DOCKER_MIN_API_VERSION): a wrong one would make rules fail that the daemon keeps. So a profile
 * that contradicts the target's own headers is refused rather than trusted.
 */
function chooseProfile(spec: string, asked: Profile | undefined, seen: 'ctr' | 'docker' | null): Profile {
  if (asked !== undefined && seen !== null && asked.name !== seen) {
    throw new TargetError('TARGET_PROFILE', `${spec} uses the ${seen} names (its ${seen === 'docker' ? 'Docker' : 'Ctr'}-Experimental header), not ${asked.name}'s: run it with --profile ${seen}`);
  }
  return asked ?? profileFor(seen ?? 'ctr')!;
}

/** Runs every selected rule against the target and returns one result per cell. */
export async function runSuites(options: RunOptions): Promise<SuiteRun> {
  const { target } = options;
  const started = await target.start();
  if (!started.ok) throw new TargetError('TARGET_START', `${target.spec} did not start (exit ${started.exitCode}): ${started.output.trim().split('\n').slice(-5).join('\n')}`);
  const instance = started.instance;
  const client = new HttpClient(instance.endpoint, options.recorder?.observe);
  try {
    const facts = await readFacts(client);
    const release = releaseOf(options.release ?? facts.version);
    if (options.release !== undefined && release === null) throw new TargetError('TARGET_SPEC', `unknown release ${options.release}`);
    const windows = facts.os === 'windows';
    const expectedMin = release !== null ? (windows ? release.windowsMinApi : release.defaultMinApi) : facts.apiMin;
    const expectedMax = release !== null ? release.maxApi : facts.apiMax;
    if (expectedMin === null || expectedMax === null) {
      throw new TargetError('TARGET_UNREACHABLE', `${target.spec}: GET /version did not give ApiVersion and MinAPIVersion, and no --release was given`);
    }
    const profile = chooseProfile(target.spec, options.profile, facts.brand);
    const ctx: SuiteContext = { target, instance, client, facts, release, profile, expectedMin, expectedMax, numRuns: options.numRuns, numStarts: options.numStarts };
    const apiVersions = apiColumns(facts.apiMax);
    const cells: Cell[] = RULES.flatMap((rule) =>
      (rule.binding === 'per-version' ? apiVersions : [null])
        .filter((api) => selected(options.only, rule.id, api))
        .map((api) => ({ rule, check: findCheck(rule.id), api })),
    );

    const results: RuleResult[] = new Array(cells.length);
    let next = 0;
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < cells.length) {
        const index = next++;
        const cell = cells[index]!;
        const begin = performance.now();
        const verdict = await evaluate(cell, ctx, options);
        const { status, ...evidence } = verdict;
        results[index] = { rule: cell.rule.id, api: cell.api, status, evidence, durationMs: Math.round(performance.now() - begin) };
        options.onProgress?.(++done, cells.length, `${cell.rule.id}${cell.api === null ? '' : ` @ ${cell.api}`}`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));

    return {
      target: {
        spec: target.spec,
        kind: target.kind,
        profile: profile.name,
        version: facts.version,
        release: release?.release ?? null,
        apiRange: { min: expectedMin, max: expectedMax },
      },
      apiVersions,
      rules: RULES,
      results,
    };
  } finally {
    client.close();
    await instance.stop();
  }
}
