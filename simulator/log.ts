import { writeSync } from 'node:fs';

/** Daemon log lines in the daemon's text format: time="…" level=… msg="…" key=value… */
export type LogLevel = 'debug' | 'info' | 'warning' | 'error' | 'fatal';

/** Structured fields after the message, as 28.5 logs them (`config-file=/etc/docker/daemon.json`). */
export type LogFields = Readonly<Record<string, string>>;

export interface Logger {
  log(level: LogLevel, message: string, fields?: LogFields): void;
  /** The same sink with another line format (`--log-format`); absent where lines are not formatted. */
  withFormat?(format: LogFormat): Logger;
}

/** The daemon's log formats (daemon.md › Other specifics › Daemon logs). */
export type LogFormat = 'text' | 'json';

/** logrus quotes a value only when it needs it. */
const quoteIfNeeded = (value: string): string => (/^[A-Za-z0-9_./:@+-]+$/.test(value) ? value : JSON.stringify(value));

/** One line as dockerd's text formatter writes it, newline included. */
export function formatLogLine(level: LogLevel, message: string, fields: LogFields = {}, now: Date = new Date()): string {
  let line = `time="${now.toISOString()}" level=${level} msg=${JSON.stringify(message)}`;
  for (const key of Object.keys(fields)) line += ` ${key}=${quoteIfNeeded(fields[key]!)}`;
  return `${line}\n`;
}

/**
 * RFC 3339 with nanoseconds, trailing zeros dropped (Go's RFC3339Nano). The date has milliseconds;
 * the six digits below them come from the monotonic clock, so the fraction is never all zeros.
 */
function rfc3339Nano(now: Date): string {
  const below = (process.hrtime.bigint() % 1_000_000n).toString().padStart(6, '0');
  const fraction = `${now.toISOString().slice(20, 23)}${below === '000000' ? '000001' : below}`.replace(/0+$/, '');
  return `${now.toISOString().slice(0, 19)}.${fraction}Z`;
}

/** One line as the JSON formatter writes it: the fields, then level, msg and time. */
export function formatJsonLogLine(level: LogLevel, message: string, fields: LogFields = {}, now: Date = new Date()): string {
  const entry: Record<string, string> = { ...fields, level, msg: message, time: rfc3339Nano(now) };
  // logrus sorts the keys.
  return `${JSON.stringify(
    Object.fromEntries(
      Object.keys(entry)
        .sort()
        .map((key) => [key, entry[key]]),
    ),
  )}\n`;
}

/** Writes lines to a sink (stderr for the ctrd-sim process, a buffer in-process). */
export const lineLogger = (write: (line: string) => void, format: LogFormat = 'text'): Logger => ({
  log(level, message, fields) {
    write(format === 'json' ? formatJsonLogLine(level, message, fields) : formatLogLine(level, message, fields));
  },
  withFormat: (next) => lineLogger(write, next),
});

/**
 * Writes to the process's stderr (fd 2) synchronously, as node documents `process.stderr` on a
 * Linux pipe, but without building that stream: its first use on a pipe costs some 5 ms of a cold
 * start (bench/RESULTS.md section 11). Same bytes, same order. One difference: a pipe its reader
 * leaves full blocks the write until drained (the stream would queue the line in memory), as Go's
 * daemon does. Should a write fail (EAGAIN once something made fd 2 non-blocking, EPIPE), the rest
 * of that line and every later line go through `process.stderr`, as they always did.
 */
function stderrWriter(): (line: string) => void {
  let stream = false;
  return (line) => {
    if (!stream) {
      const bytes = Buffer.from(line);
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(2, bytes, written);
        return;
      } catch {
        stream = true;
        process.stderr.write(bytes.subarray(written));
        return;
      }
    }
    process.stderr.write(line);
  };
}

export const stderrLogger = (): Logger => lineLogger(stderrWriter());

export const silentLogger: Logger = { log() {} };
