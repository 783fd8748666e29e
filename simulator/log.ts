/** Daemon log lines in the daemon's text format: time="…" level=… msg="…". */
export type LogLevel = 'debug' | 'info' | 'warning' | 'error';

export interface Logger {
  log(level: LogLevel, message: string): void;
}

export const stderrLogger = (debug: () => boolean): Logger => ({
  log(level, message) {
    if (level === 'debug' && !debug()) return;
    process.stderr.write(`time="${new Date().toISOString()}" level=${level} msg=${JSON.stringify(message)}\n`);
  },
});

export const silentLogger: Logger = { log() {} };
