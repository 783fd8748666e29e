/** The signals a run stops on gracefully: Ctrl-C, and what a CI system or `timeout` sends. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * Who handles the next Ctrl-C or SIGTERM. During a run, the first one stops the run gracefully
 * (its report is still written); any other, or one outside a run, ends the process through
 * process.exit so that the targets' exit hooks stop every daemon it started.
 */
let graceful: ((signal: StopSignal) => void) | undefined;

/** Makes `handler` take the next SIGINT or SIGTERM instead of exiting; the returned function gives it back. */
export function takeNextInterrupt(handler: (signal: StopSignal) => void): () => void {
  graceful = handler;
  return () => {
    if (graceful === handler) graceful = undefined;
  };
}

/**
 * Installs the process's signal handlers (once, first thing in the CLI's entry point). SIGUSR1
 * gets a listener that only says it is ignored: without one, node opens its inspector on
 * 127.0.0.1:9229, through which any local user could run code as this user (ctrd-sim does the same).
 */
export function installSignalHandlers(): void {
  process.on('SIGUSR1', () => process.stderr.write('ctr-conformance: SIGUSR1 ignored (no debugger is opened)\n'));
  for (const [name, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(name, () => {
      if ((name === 'SIGINT' || name === 'SIGTERM') && graceful !== undefined) {
        const handler = graceful;
        graceful = undefined;
        handler(name);
        return;
      }
      process.stderr.write(`ctr-conformance: ${name}: stopping the daemons this run started\n`);
      process.exit(code);
    });
  }
}
