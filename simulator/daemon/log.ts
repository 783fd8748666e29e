/** Daemon log lines in the daemon's text format: time="…" level=… msg="…" key=value… */
export type LogLevel = 'debug' | 'info' | 'warning' | 'error';

/** Structured fields after the message, as 28.5 logs them (`config-file=/etc/docker/daemon.json`). */
export type LogFields = Readonly<Record<string, string>>;

export interface Logger {
  log(level: LogLevel, message: string, fields?: LogFields): void;
}

/** logrus quotes a value only when it needs it. */
const quoteIfNeeded = (value: string): string => (/^[A-Za-z0-9_.\/:@+-]+$/.test(value) ? value : JSON.stringify(value));

/** One line as dockerd's text formatter writes it, newline included. */
export function formatLogLine(level: LogLevel, message: string, fields: LogFields = {}, now: Date = new Date()): string {
  let line = `time="${now.toISOString()}" level=${level} msg=${JSON.stringify(message)}`;
  for (const key of Object.keys(fields)) line += ` ${key}=${quoteIfNeeded(fields[key]!)}`;
  return `${line}\n`;
}

/** Writes lines to a sink (stderr for the ctrd-sim process, a buffer in-process). */
export const lineLogger = (write: (line: string) => void): Logger => ({
  log(level, message, fields) {
    write(formatLogLine(level, message, fields));
  },
});

export const stderrLogger = (): Logger => lineLogger((line) => process.stderr.write(line));

export const silentLogger: Logger = { log() {} };
