import type { HttpExchange } from '../../reports/model/result.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { Violation } from '../harness/verdict.js';
import { UNREADABLE_CONFIG } from '../targets/config-file.js';
import type { TargetInstance } from '../targets/target.js';
import { getInfo } from '../harness/start-and-inspect.js';
import type { ReloadFile } from './files.js';
import { stateOfInfo, stateOfLine, type ReloadState } from './state.js';

/** How long a reload may take to be logged as done (dockerd takes milliseconds). */
const RELOAD_DEADLINE_MS = 10_000;
const POLL_MS = 10;

/** What one SIGHUP did, as the log says. */
export interface ReloadReport {
  /** The log lines since the signal. */
  readonly lines: readonly string[];
  /** The JSON of the last "Reloaded configuration" line, if there was one. */
  readonly reloaded: Record<string, unknown> | null;
  /** The lines at level error. */
  readonly errors: readonly string[];
}

/**
 * The line that ends a reload: "Reloaded configuration", or an error. On releases with
 * structured logs an "Error reconfiguring the daemon" is followed by a "Reloaded configuration"
 * line (observed on 28.5), so it does not end the reload by itself.
 */
const endsReload = (line: string): boolean =>
  line.includes('Reloaded configuration') || (/level=(error|fatal)/.test(line) && !/msg="Error reconfiguring the daemon" /.test(line));

/** The configuration JSON a "Reloaded configuration" line carries (inline or as a structured field). */
export function reloadedJson(line: string): Record<string, unknown> | null {
  const field = /config="((?:[^"\\]|\\.)*)"/.exec(line);
  const text = field !== null ? (JSON.parse(`"${field[1]!}"`) as string) : /Reloaded configuration: (\{.*\})"?\s*$/.exec(line)?.[1];
  if (text === undefined) return null;
  try {
    // Inline (20.10, 26.1) the JSON sits inside the quoted msg: its quotes are escaped.
    const json = field !== null ? text : (JSON.parse(`"${text.replace(/"$/, '')}"`) as string);
    const doc = JSON.parse(json) as unknown;
    return typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Polls what the daemon logged since `mark` until a line satisfies `wanted`, the deadline passes
 * (`found: false`) or `signal` aborts (it throws).
 */
export async function waitForLog(
  instance: Pick<TargetInstance, 'logSince'>,
  mark: number,
  wanted: (line: string) => boolean,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ readonly lines: readonly string[]; readonly found: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = instance
      .logSince(mark)
      .split('\n')
      .filter((line) => line !== '');
    if (lines.some(wanted)) return { lines, found: true };
    if (Date.now() > deadline) return { lines, found: false };
    signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A started daemon the suite reconfigures: writes its file, signals it, reads /info and its log. */
export class ReloadSession {
  readonly log: ExchangeLog;

  constructor(
    private readonly ctx: SuiteContext,
    readonly instance: TargetInstance,
    client: ConstructorParameters<typeof ExchangeLog>[0],
  ) {
    this.log = new ExchangeLog(client);
  }

  get exchanges(): readonly HttpExchange[] {
    return this.log.exchanges;
  }

  async write(file: ReloadFile): Promise<void> {
    await this.instance.writeConfig(file.unreadable === true ? UNREADABLE_CONFIG : (file.raw ?? (file.doc as Record<string, unknown>)));
  }

  /** SIGHUP, then waits until the log says the reload is done; a reload never logged done is a violation. */
  async reload(what: string): Promise<ReloadReport> {
    const mark = this.instance.logMark();
    await this.instance.reload();
    const { lines, found } = await waitForLog(this.instance, mark, (line) => endsReload(line), RELOAD_DEADLINE_MS, this.ctx.signal);
    if (!found)
      throw new Violation(
        `${what}: no "Reloaded configuration" nor error line within ${RELOAD_DEADLINE_MS} ms of SIGHUP; the log since: ${lines.slice(-5).join(' | ') || '(nothing)'}`,
        this.exchanges,
      );
    const last = [...lines].reverse().find((line) => line.includes('Reloaded configuration'));
    return { lines, reloaded: last === undefined ? null : reloadedJson(last), errors: lines.filter((line) => /level=(error|fatal)/.test(line)) };
  }

  /** /info as reload state; a daemon that does not answer breaks every reload rule. */
  async infoState(what: string): Promise<ReloadState> {
    try {
      return stateOfInfo(await getInfo(this.log));
    } catch (error) {
      if (error instanceof Violation) throw error;
      throw new Violation(`${what}: GET /info got no answer (${error instanceof Error ? error.message : String(error)}): the daemon stopped`, this.exchanges);
    }
  }

  /** The state the reload line shows. */
  static lineState(report: ReloadReport): ReloadState | null {
    return report.reloaded === null ? null : stateOfLine(report.reloaded);
  }
}
