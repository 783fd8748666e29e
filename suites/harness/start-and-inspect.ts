import type { HttpExchange } from '../../reports/model/result.js';
import type { SuiteContext } from './context.js';
import { ExchangeLog } from './exchange-log.js';
import { Violation } from './verdict.js';
import type { StartRequest, TargetInstance } from '../targets/target.js';
import { StartViolation } from './incidental.js';

/** What one start gave: a daemon that served (and what `inspect` read from it), or one that exited. */
export type Outcome<T> =
  | { readonly served: true; readonly value: T; readonly exchanges: readonly HttpExchange[] }
  | { readonly served: false; readonly exitCode: number | null; readonly output: string };

/** The start as a reader can replay it: the extra flags, the file's text and the environment. */
export function describe(request: StartRequest): string {
  const parts = [`args: ${JSON.stringify(request.args ?? [])}`];
  if (request.config !== undefined) {
    const text = typeof request.config === 'string' ? request.config : JSON.stringify(request.config);
    parts.push(`file: ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : JSON.stringify(text)}`);
  }
  if (request.env !== undefined && Object.keys(request.env).length > 0) parts.push(`env: ${JSON.stringify(request.env)}`);
  return parts.join('; ');
}

/**
 * The lines of a daemon's output that say why it stopped: not its info and debug chatter, nor the
 * usage text some releases print after a usage error; the last few, cut to a readable length.
 */
export function excerpt(output: string, lines = 3): string {
  const kept = output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(
      (line) =>
        line !== '' && !/level=(info|debug)|"level":"(info|debug)"/.test(line) && !/^\s/.test(line) && !/^(Usage:|Options:|A self-sufficient)/.test(line),
    );
  const text = kept.slice(-lines).join(' | ');
  return text.length > 600 ? `…${text.slice(-600)}` : text === '' ? '(no output)' : text;
}

/**
 * Starts the target with `request`; when it serves, runs `inspect` against it and always stops
 * it (also when the cell's deadline passes: the client then refuses every request).
 */
export async function startWith<T>(
  ctx: SuiteContext,
  request: StartRequest,
  inspect: (log: ExchangeLog, instance: TargetInstance) => Promise<T>,
): Promise<Outcome<T>> {
  ctx.signal.throwIfAborted();
  const outcome = await ctx.target.start(request);
  if (!outcome.ok) return { served: false, exitCode: outcome.exitCode, output: outcome.output };
  const { instance } = outcome;
  const client = ctx.clientFor(instance.endpoint);
  const log = new ExchangeLog(client);
  try {
    const value = await inspect(log, instance);
    return { served: true, value, exchanges: log.exchanges };
  } finally {
    client.close();
    await instance.stop();
  }
}

/** GET /info as a JSON object; anything else breaks the rule being checked. */
export async function getInfo(log: ExchangeLog, path = '/info'): Promise<Record<string, unknown>> {
  const reply = await log.send('GET', path);
  log.expect(reply.status === 200, `GET ${path} answered ${reply.status}, not 200`);
  let doc: unknown;
  try {
    doc = JSON.parse(reply.body);
  } catch {
    doc = undefined;
  }
  log.expect(typeof doc === 'object' && doc !== null && !Array.isArray(doc), `GET ${path} did not answer a JSON object`);
  return doc as Record<string, unknown>;
}

/** Starts and reads GET /info; a start that fails breaks the rule (`what` says what was expected). */
export async function expectServedInfo(
  ctx: SuiteContext,
  request: StartRequest,
  what: string,
): Promise<{ info: Record<string, unknown>; log: readonly HttpExchange[] }> {
  const outcome = await startWith(ctx, request, (log) => getInfo(log));
  if (!outcome.served) throw refusedStart(request, outcome, what);
  return { info: outcome.value, log: outcome.exchanges };
}

/** Starts, checks the daemon answers, and stops it; a start that fails breaks the rule. */
export async function expectServed(ctx: SuiteContext, request: StartRequest, what: string): Promise<void> {
  const outcome = await startWith(ctx, request, async (log) => {
    const reply = await log.send('GET', '/_ping');
    log.expect(reply.status === 200, `${what}: the daemon started but GET /_ping answered ${reply.status} (${describe(request)})`);
  });
  if (!outcome.served) throw refusedStart(request, outcome, what);
}

/** The violation of a start that should have served and did not. */
export function refusedStart(request: StartRequest, outcome: { readonly exitCode: number | null; readonly output: string }, what: string): StartViolation {
  const how = outcome.exitCode === null ? 'did not serve in time' : `exited with code ${outcome.exitCode}`;
  return new StartViolation(`${what}: the daemon ${how} (${describe(request)}); output: ${excerpt(outcome.output)}`, outcome.output);
}

/**
 * Starts with `request` and expects a refusal: the daemon exits with a code other than 0 and its
 * output names each of `names` (matched as `match` says). Returns the output.
 */
export async function expectRefused(
  ctx: SuiteContext,
  request: StartRequest,
  names: readonly string[],
  what: string,
  match: (output: string, name: string) => boolean = (output, name) => output.includes(name),
): Promise<string> {
  const outcome = await startWith(ctx, request, async () => undefined);
  if (outcome.served) throw new Violation(`${what}: the daemon started and served (${describe(request)})`, outcome.exchanges);
  if (outcome.exitCode === null)
    throw new Violation(`${what}: the daemon neither served nor exited within the start deadline (${describe(request)}); output: ${excerpt(outcome.output)}`);
  if (outcome.exitCode === 0) throw new Violation(`${what}: the daemon exited with code 0 (${describe(request)}); output: ${excerpt(outcome.output)}`);
  const missing = names.filter((name) => !match(outcome.output, name));
  if (missing.length > 0) {
    throw new Violation(
      `${what}: exit ${outcome.exitCode}, but the output does not name ${missing.map((n) => JSON.stringify(n)).join(', ')} (${describe(request)}); output: ${excerpt(outcome.output)}`,
    );
  }
  return outcome.output;
}

/** Whether a `--validate` run said the configuration is fine: exit 0, "configuration OK", nothing served. */
/** A generated case that the daemon should either start with or refuse. */
export interface StartCase {
  readonly request: StartRequest;
  readonly ok: boolean;
  readonly what: string;
}

/** Expects a case's verdict: served when `ok`, refused otherwise. */
export async function expectVerdict(ctx: SuiteContext, c: StartCase): Promise<void> {
  if (c.ok) await expectServed(ctx, c.request, c.what);
  else await expectRefused(ctx, c.request, [], c.what);
}

export async function validateRun(ctx: SuiteContext, request: StartRequest): Promise<Outcome<undefined>> {
  // --validate first: a value option last on the command line must not swallow it.
  return startWith(ctx, { ...request, args: ['--validate', ...(request.args ?? [])] }, async () => undefined);
}

/**
 * Expects the configuration to be accepted (the rules that say "starts (or `--validate` answers
 * OK)"): `--validate` answers OK, or else a real start serves. Whatever the release: a daemon
 * without `--validate`, or whose `--validate` refuses what it starts with, is judged by the start
 * (`--validate` itself is config.file.validate's to judge).
 */
export async function expectAccepted(ctx: SuiteContext, request: StartRequest, what: string): Promise<void> {
  const outcome = await validateRun(ctx, request);
  if (outcome.served)
    throw new Violation(`${what}: with --validate the daemon started and served instead of checking and exiting (${describe(request)})`, outcome.exchanges);
  // Acceptance is the exit code; the wording of the success line is config.file.validate's to check.
  if (outcome.exitCode === 0) return;
  await expectServed(ctx, request, what);
}

const optionAnswers = new WeakMap<object, Map<string, Promise<boolean>>>();

/**
 * Whether the target takes the command-line word (`--feature=cdi=true`): asked of the target
 * itself, once per target, by a start with the word and `--version` (which parses every flag and
 * starts nothing). A check whose claim is not about an option uses it to leave out an option the
 * target refuses, so that the rest of its claim is still tried; the rule that documents the option
 * judges the refusal.
 */
export function takesOption(ctx: SuiteContext, word: string): Promise<boolean> {
  let answers = optionAnswers.get(ctx.target);
  if (answers === undefined) {
    answers = new Map();
    optionAnswers.set(ctx.target, answers);
  }
  let answer = answers.get(word);
  if (answer === undefined) {
    answer = startWith(ctx, { args: [word, '--version'] }, async () => undefined).then(
      (outcome) => outcome.served || (outcome.exitCode === 0 && !/unknown (shorthand )?flag/.test(outcome.output)),
    );
    answers.set(word, answer);
  }
  return answer;
}
