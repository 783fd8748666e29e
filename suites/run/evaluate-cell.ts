import type { DaemonRelease } from '../../specs/versions.js';
import type { Rule } from '../../specs/types.js';
import type { Coverage, OtherReadingVerdict, RuleResult } from '../../reports/model/result.js';
import { HttpClientError, type HttpClient } from '../http/client.js';
import type { Endpoint } from '../http/endpoint.js';
import type { Profile } from '../profiles.js';
import type { TargetFacts } from '../targets/facts.js';
import type { Target, TargetInstance } from '../targets/target.js';
import { apiGate, ruleGate } from '../harness/cells.js';
import type { SuiteContext } from '../harness/context.js';
import { observedFor } from './observed-facts.js';
import { CaseJournal } from '../harness/journal.js';
import { CoverageRecorder } from '../harness/coverage.js';
import type { Reading } from '../harness/property.js';
import { cellSeed } from '../harness/seeds.js';
import { errored, notApplicable, skipped, Unjudgeable, type Verdict } from '../harness/verdict.js';
import { CellClient, type ClientFactory } from './cell-client.js';
import { deadlineController, DeadlinePassed, raceDeadline, type Deadlines } from './deadlines.js';
import type { PlannedCell } from './plan.js';
import { TargetUnresponsive, type ResponsivenessWatch } from './responsiveness.js';

/** What every cell of a run shares: the started target, what it said, and the run's settings. */
export interface RunState {
  readonly target: Target;
  readonly instance: TargetInstance;
  readonly endpoint: Endpoint;
  readonly facts: TargetFacts;
  readonly release: DaemonRelease | null;
  readonly profile: Profile;
  /** The range expectations come from: the release table's, else the target's own; null if neither. */
  readonly range: { readonly min: string; readonly max: string } | null;
  readonly rangeUnknown: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly numStarts: number;
  readonly path?: string;
  /** false: properties report their first failing case unshrunk. */
  readonly shrink?: boolean;
  readonly deadlines: Deadlines;
  /** The run's client for the target's endpoint: cells send through views of it. */
  readonly client: HttpClient;
  readonly openClient: ClientFactory;
  /** Aborted when the run's deadline passes. */
  readonly runSignal: AbortSignal;
  /** Sees every answer and request deadline of the cells: a target that stops answering ends the run. */
  readonly watch?: ResponsivenessWatch;
  /** Work a cell left behind when its deadline passed; the run lets it settle before stopping the target. */
  readonly leftovers: Promise<unknown>[];
}

function contextFor(state: RunState, rule: Rule, client: CellClient, journal: CaseJournal, signal: AbortSignal, opened: CellClient[]): SuiteContext {
  const range = (): { min: string; max: string } => {
    if (state.range === null) throw new Unjudgeable(state.rangeUnknown);
    return state.range;
  };
  return {
    target: state.target,
    instance: state.instance,
    client,
    facts: state.facts,
    release: state.release === null ? null : { release: state.release.release },
    observed: observedFor(rule, state.release),
    profile: state.profile,
    get expectedMin() {
      return range().min;
    },
    get expectedMax() {
      return range().max;
    },
    numRuns: state.numRuns,
    numStarts: state.numStarts,
    signal,
    clientFor(endpoint) {
      const other = new CellClient(state.openClient(endpoint), signal, journal, true, state.watch);
      opened.push(other);
      return other;
    },
  };
}

/** What an exception out of a check (not out of a property: checkProperty judges those) means. */
function verdictOfThrown(error: unknown): Verdict {
  if (error instanceof Unjudgeable) return skipped(error.message);
  if (error instanceof HttpClientError && (error.code === 'HTTP_TIMEOUT' || error.code === 'HTTP_ABORTED'))
    return errored(`the target did not answer in time: ${error.message}`, 'a request timed out (--request-timeout)');
  if (error instanceof HttpClientError && error.code === 'HTTP_PROTOCOL')
    return errored(
      `the target's answer could not be read: ${error.message}`,
      'a protocol error of the target: no rule can be judged on an answer that is not HTTP',
    );
  return errored(`the check itself failed: ${error instanceof Error ? error.message : String(error)}`, 'an error in the check, not in the target');
}

/** A judged cell: its verdict and, for rules that range over documented items, what was reached. */
interface Judgement {
  readonly verdict: Verdict;
  readonly coverage?: Coverage;
}

async function judge(cell: PlannedCell, state: RunState, reading: Reading): Promise<Judgement> {
  const gate = ruleGate(cell.rule, cell.check, state) ?? apiGate(cell.rule, cell.api);
  if (gate !== null) return { verdict: gate };
  const check = cell.check!;
  let recorder: CoverageRecorder | undefined;
  const deadline = deadlineController('cell', state.deadlines.cellMs, state.runSignal);
  const journal = new CaseJournal();
  const client = new CellClient(state.client, deadline.signal, journal, false, state.watch);
  const opened: CellClient[] = [client];
  const ctx = contextFor(state, cell.rule, client, journal, deadline.signal, opened);
  const work = (async (): Promise<Verdict> => {
    try {
      const reason = check.applies?.(ctx, cell.api) ?? null;
      if (reason !== null) return notApplicable(reason);
      const items = check.documentedItems?.(ctx, cell.api);
      if (items !== undefined) recorder = new CoverageRecorder(items);
      return await check.run(ctx, cell.api, {
        seed: cellSeed(state.seed, cell.rule.id, cell.api),
        numRuns: state.numRuns,
        journal,
        reading,
        ...(recorder === undefined ? {} : { coverage: recorder }),
        ...(state.path === undefined ? {} : { path: state.path }),
        ...(state.shrink === false ? { shrink: false } : {}),
      });
    } catch (error) {
      return verdictOfThrown(error);
    }
  })();
  try {
    const verdict = unexercised(await raceDeadline(work, deadline.signal, (reason) => late(reason, opened, journal)), recorder);
    // Coverage says what a run generated: a judged cell, or one whose cases reached none of its items; a cell that never ran generated nothing to speak of.
    const judged = verdict.status === 'pass' || verdict.status === 'fail' || verdict.status === 'not-applicable';
    const coverage = judged && recorder !== undefined ? { coverage: recorder.figure() } : {};
    if (verdict.exchanges !== undefined || verdict.status === 'not-applicable' || verdict.status === 'skipped') return { verdict, ...coverage };
    // Every judged cell shows what decided it: the exchanges of its last generated case.
    const exchanges = journal.lastCase();
    return { verdict: exchanges.length === 0 ? verdict : { ...verdict, exchanges }, ...coverage };
  } finally {
    deadline.dispose();
    if (deadline.signal.aborted) state.leftovers.push(work);
    for (const c of opened) c.close();
  }
}

/**
 * A pass means the claim was tried: a check that ranges over documented items and reached none of
 * them on this target (or had none to range over) passed on nothing, which is not applicable.
 */
function unexercised(verdict: Verdict, recorder: CoverageRecorder | undefined): Verdict {
  if (verdict.status !== 'pass' || recorder === undefined) return verdict;
  const { items, generated } = recorder.figure();
  if (items === 0) return notApplicable('the rule ranges over documented items, and none is to be tried on this target');
  if (generated.length === 0) return notApplicable(`no generated case reached any of the rule's ${items} documented items on this target`);
  return verdict;
}

/** The verdict of a cell whose deadline (or the run's) passed: an error, with what it was waiting for. */
function late(reason: unknown, opened: readonly CellClient[], journal: CaseJournal): Verdict {
  const waiting = opened.flatMap((c) => c.inFlight());
  const why =
    reason instanceof DeadlinePassed || reason instanceof TargetUnresponsive
      ? reason.message
      : `the run was stopped${reason instanceof Error ? ` (${reason.message})` : ''}`;
  const detail =
    reason instanceof TargetUnresponsive
      ? 'the run ended early: the target stopped answering (a hung or trickling target is an error, not a failure)'
      : !(reason instanceof DeadlinePassed)
        ? 'the run was stopped before this cell was judged'
        : reason.scope === 'run'
          ? 'the whole run took longer than --run-timeout'
          : 'the cell took longer than --cell-timeout (a hung or trickling target is an error, not a failure)';
  const exchanges = [...journal.lastCase(), ...waiting];
  return errored(waiting.length === 0 ? why : `${why}; no answer yet to ${waiting.map((x) => x.request).join(', ')}`, detail, exchanges);
}

/**
 * A rule with two readings of an ambiguous document is judged again by the other one, with the
 * same seed; the strict reading alone decides the cell's status.
 */
async function judgeOtherReading(cell: PlannedCell, state: RunState, strict: Verdict): Promise<{ otherReading?: OtherReadingVerdict }> {
  if (cell.rule.otherReading === undefined || (strict.status !== 'pass' && strict.status !== 'fail')) return {};
  const { verdict } = await judge(cell, state, 'other');
  return { otherReading: { status: verdict.status, summary: verdict.summary } };
}

/** Judges one cell within its deadline and returns its result (evidence on every status). */
export async function evaluateCell(cell: PlannedCell, state: RunState): Promise<RuleResult> {
  const begin = performance.now();
  const judgement: Judgement = state.runSignal.aborted ? { verdict: late(state.runSignal.reason, [], new CaseJournal()) } : await judge(cell, state, 'strict');
  const other = state.runSignal.aborted ? {} : await judgeOtherReading(cell, state, judgement.verdict);
  const { status, ...evidence } = judgement.verdict;
  return {
    rule: cell.rule.id,
    api: cell.api,
    ...(cell.axes === undefined ? {} : { axes: cell.axes }),
    status,
    evidence,
    durationMs: Math.round(performance.now() - begin),
    ...(judgement.coverage === undefined ? {} : { coverage: judgement.coverage }),
    ...other,
  };
}
