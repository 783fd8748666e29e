import fc from 'fast-check';
import type { EngineRoute } from '../../specs/engine-routes.js';
import { HttpClientError, type HttpClient } from '../http/client.js';
import type { Endpoint } from '../http/endpoint.js';
import { differences, type Difference } from './compare.js';
import { inKeyOrder } from './unordered-lists.js';
import { isProcessPage } from './volatile.js';
import { curlLine } from './curl-line.js';
import { signatureOf } from './difference-kind.js';
import { labelOf, labelText, type Label } from './labels.js';
import { noAnswer, observe, type Observation } from './observation.js';
import { probeArbitrary, probeText, type Probe } from './probe.js';
import { checkSweep, shrinkShowing } from './shrink.js';
import { versionClass, type Side } from './side.js';

/** One target of a diff: what is known of it, and how to reach it. */
export interface DiffSide {
  readonly side: Side;
  readonly client: HttpClient;
  readonly endpoint: Endpoint;
}

/** One kind of difference (same route, method, version classes, aspect and place), with its smallest request. */
export interface FoundDifference {
  readonly signature: string;
  readonly label: Label;
  /** How many generated requests showed it. */
  readonly count: number;
  readonly probe: Probe;
  readonly difference: Difference;
  /** fast-check's path of `probe` under the run's seed: `diff … --seed S --path P` sends it again. */
  readonly path: string;
  /** Whether `probe` was shrunk to a minimal request showing this difference (false: the smallest generated one, the shrinking budget spent). */
  readonly shrunk: boolean;
  readonly curl: readonly [string, string];
  /** A simulator side answered the request 501 (not served): the difference says only that. */
  readonly notServed?: true;
  /** Found by a stateful sequence: its steps (ids written as `{i0}`, `{c0}`) and which one showed it; `path` is then the sequence's. */
  readonly sequence?: { readonly steps: readonly string[]; readonly step: number };
}

export interface ExploreOptions {
  readonly seed: number;
  readonly numRuns: number;
  readonly routes: readonly EngineRoute[];
  /** Replays only the request at this path (of a previous run with the same seed). */
  readonly path?: string;
  readonly requestTimeoutMs: number;
  /** Time all shrinking together may take; the groups left keep their smallest generated request. */
  readonly shrinkBudgetMs: number;
  readonly onProgress?: (done: number, total: number, label: string) => void;
}

export interface Exploration {
  readonly seed: number;
  readonly numRuns: number;
  readonly cases: number;
  /** Stateful sequences run (0 when none were asked for). */
  readonly sequences: number;
  readonly differences: readonly FoundDifference[];
}

async function send(side: DiffSide, probe: Probe, timeoutMs: number): Promise<Observation> {
  try {
    const reply = await side.client.request(probe.method, probe.path, {
      headers: probe.headers,
      ...(probe.body === undefined ? {} : { body: probe.body }),
      timeoutMs,
      maxBodyBytes: 4 << 20,
      tooLarge: 'truncate',
    });
    return observe(reply);
  } catch (error) {
    if (error instanceof HttpClientError) return noAnswer(error.code);
    throw error;
  }
}

export interface Seen {
  readonly probe: Probe;
  readonly difference: Difference;
  readonly label: Label;
  /** A simulator side answered this request 501: it does not serve it. */
  readonly notServed?: true;
}

/**
 * Each difference between two answers to `probe`, with its label and signature (its kind).
 * `where` marks the kinds of another part of the explorer (`(sequence) `), kept apart.
 */
export function kindsOf(probe: Probe, answers: readonly [Observation, Observation], facts: readonly [Side, Side], where = ''): Map<string, Seen> {
  const classes = `${versionClass(probe.version, facts[0])}/${versionClass(probe.version, facts[1])}`;
  // A simulator that answered 501 does not serve this request: what differs is that, and is kept apart from what a request it serves shows.
  const notServed = facts.some((side, i) => !side.real && answers[i]!.status === 501);
  const out = new Map<string, Seen>();
  const ordered = inKeyOrder(probe.route, answers, facts);
  for (const found of [...ordered.orders, ...differences(...ordered.answers)]) {
    const difference: Difference = found.aspect === 'text' && isProcessPage(probe.route) ? { ...found, volatile: 'process' } : found;
    const label = labelOf(probe, difference, facts);
    // The label is part of the kind: a difference some requests explain and others do not is two kinds, so the unexplained one is never hidden.
    const signature = `${labelText(label)} — ${notServed ? '(not served) ' : ''}${where}${signatureOf(probe, classes, difference)}`;
    if (!out.has(signature)) out.set(signature, { probe, difference, label, ...(notServed ? { notServed } : {}) });
  }
  return out;
}

/** Sends `probe` to both sides and returns each difference with its signature and label. */
async function compareOn(sides: readonly [DiffSide, DiffSide], probe: Probe, timeoutMs: number): Promise<Map<string, Seen>> {
  const answers = await Promise.all([send(sides[0], probe, timeoutMs), send(sides[1], probe, timeoutMs)]);
  return kindsOf(probe, answers, [sides[0].side, sides[1].side]);
}

const size = (probe: Probe): number => probeText(probe).length;

/**
 * Sends `numRuns` generated requests to both sides and groups what differs; then shrinks each
 * group to a minimal request (unexplained ones first) while the budget lasts. With `path`, sends
 * only that request.
 */
export async function explore(sides: readonly [DiffSide, DiffSide], options: ExploreOptions): Promise<Exploration> {
  const arbitrary = probeArbitrary(options.routes);
  const groups = new Map<string, Seen & { count: number; index: number }>();
  let index = 0;
  const numRuns = options.path === undefined ? options.numRuns : 1;
  const sweep = fc.asyncProperty(arbitrary, async (probe) => {
    // A replay path names one value; fast-check then goes on with the values beside it in the shrink tree, which a replay does not send.
    if (options.path !== undefined && index > 0) return;
    const at = index++;
    options.onProgress?.(at, numRuns, probeText(probe));
    for (const [signature, seen] of await compareOn(sides, probe, options.requestTimeoutMs)) {
      const group = groups.get(signature);
      if (group === undefined) groups.set(signature, { ...seen, count: 1, index: at });
      else {
        group.count++;
        if (size(probe) < size(group.probe)) Object.assign(group, { probe, difference: seen.difference, label: seen.label, index: at });
      }
    }
  });
  const swept = await checkSweep(sweep, { seed: options.seed, numRuns, ...(options.path === undefined ? {} : { path: options.path }) });
  if (swept.failed) throw swept.errorInstance instanceof Error ? swept.errorInstance : new Error(String(swept.errorInstance));

  const order = [...groups.entries()].sort(([, x], [, y]) => Number(y.label.kind === 'unexplained') - Number(x.label.kind === 'unexplained'));
  const deadline = Date.now() + options.shrinkBudgetMs;
  const found: FoundDifference[] = [];
  for (const [signature, group] of order) {
    let result = { probe: group.probe, difference: group.difference, label: group.label, path: options.path ?? String(group.index), shrunk: false };
    const left = deadline - Date.now();
    if (options.path === undefined && left > 0) {
      const shrunk = await shrinkShowing(
        arbitrary,
        { seed: options.seed, numRuns: options.numRuns, path: String(group.index), timeLimitMs: left },
        async (probe) => (await compareOn(sides, probe, options.requestTimeoutMs)).get(signature),
        (a, b) => probeText(a) === probeText(b),
      );
      if (shrunk !== null)
        result = {
          probe: shrunk.value,
          difference: shrunk.found?.difference ?? group.difference,
          label: shrunk.found?.label ?? group.label,
          path: shrunk.path,
          shrunk: shrunk.complete,
        };
    }
    found.push({
      signature,
      count: group.count,
      ...result,
      ...(group.notServed ? { notServed: true as const } : {}),
      curl: [curlLine(result.probe, sides[0].endpoint), curlLine(result.probe, sides[1].endpoint)],
    });
  }
  return { seed: options.seed, numRuns, cases: index, sequences: 0, differences: found };
}
