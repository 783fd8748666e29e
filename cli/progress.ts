import cliProgress from 'cli-progress';
import { RULES } from '../specs/index.js';

export interface Progress {
  update(done: number, total: number, label: string): void;
  stop(): void;
}

/** What a progress report without a terminal needs besides the stream; parameters, so a test can pass its own clock. */
export interface LineProgressOptions {
  /** Milliseconds now (default Date.now). */
  readonly now?: () => number;
  /** At most one line this often, besides the line of each new area (default 10 s). */
  readonly everyMs?: number;
  /** The area of a cell's rule, from its label "rule @ api" (default: the catalogue's). */
  readonly areaOf?: (rule: string) => string;
  /** Calls `tick` every `ms` until the returned function is called (default: an unref'd setInterval). */
  readonly every?: (ms: number, tick: () => void) => () => void;
}

const unrefInterval = (ms: number, tick: () => void): (() => void) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

const areaOfRule = new Map(RULES.map((rule) => [rule.id, rule.area]));
const catalogueArea = (rule: string): string => areaOfRule.get(rule) ?? rule.split('.')[0] ?? rule;

const clock = (ms: number): string => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Progress as lines, for a log without a terminal (CI): a line when the cells of a new area begin
 * and otherwise at most one every `everyMs`, each saying what is done and what is left, then one
 * when the run's cells are all done. A 9-minute run is never silent for longer than that: while no
 * cell ends (a slow target, a long wait), a line every `everyMs` says so.
 */
export function lineProgress(stream: Pick<NodeJS.WritableStream, 'write'>, options: LineProgressOptions = {}): Progress {
  const now = options.now ?? Date.now;
  const everyMs = options.everyMs ?? 10_000;
  const areaOf = options.areaOf ?? catalogueArea;
  const started = now();
  let last = -Infinity;
  // Cells run concurrently: near a boundary, areas interleave; each is announced once.
  const announced = new Set<string>();
  let finished = false;
  let seen: { done: number; total: number; area: string; at: number } | undefined;
  let stopTicks: (() => void) | undefined;
  const line = (done: number, total: number, tail: string): void => {
    const share = total === 0 ? 100 : Math.floor((100 * done) / total);
    stream.write(`progress: ${done}/${total} cells done (${share} %), ${total - done} left, ${clock(now() - started)} elapsed${tail}\n`);
    last = now();
  };
  return {
    update(done, total, label) {
      const rule = label.split(' @ ')[0] ?? label;
      const next = areaOf(rule);
      seen = { done, total, area: next, at: now() };
      stopTicks ??= (options.every ?? unrefInterval)(everyMs, () => {
        if (seen === undefined || finished || now() - last < everyMs) return;
        line(seen.done, seen.total, `; area ${seen.area}, cells still running (none ended in the last ${clock(now() - seen.at)})`);
      });
      if (!announced.has(next)) {
        announced.add(next);
        line(done, total, `; area ${next} begins (${label})`);
      } else if (now() - last >= everyMs) line(done, total, `; area ${next} (${label})`);
      if (done === total && !finished) {
        finished = true;
        stopTicks();
        line(done, total, '; all cells done');
      }
    },
    stop() {
      stopTicks?.();
      if (seen !== undefined && !finished) line(seen.done, seen.total, '; stopped');
    },
  };
}

/**
 * A progress bar on a terminal; progress lines (lineProgress) on any other stream, such as a CI
 * log; nothing with -q.
 */
export function progressFor(stream: NodeJS.WriteStream, quiet: boolean, options: LineProgressOptions = {}): Progress {
  if (quiet) return { update() {}, stop() {} };
  if (!stream.isTTY) return lineProgress(stream, options);
  const bar = new cliProgress.SingleBar(
    { stream, format: '{bar} {value}/{total} cells | {label}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, label) {
      if (!started) {
        bar.start(total, 0, { label });
        started = true;
      }
      bar.update(done, { label });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
