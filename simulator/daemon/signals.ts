import type { DaemonSignal, RunningSimulator } from './start.js';

const HANDLED: readonly DaemonSignal[] = ['SIGHUP', 'SIGUSR1', 'SIGUSR2', 'SIGALRM', 'SIGTERM', 'SIGINT'];

/** The process's signals, held until the daemon they go to has started. */
export interface ProcessSignals {
  /** Hands the signals to the daemon (those that came while it started first); resolves with the exit code once it has shut down. */
  attach(daemon: RunningSimulator): Promise<number>;
}

/**
 * Takes over the process's signals as dockerd handles them, before anything starts (a signal that
 * comes while the daemon starts must not get node's default): SIGHUP reloads, SIGUSR1 dumps stacks
 * (and, because a listener is installed, node does not open its debugger port, its default on
 * SIGUSR1), SIGUSR2 and SIGALRM are ignored (node's default would end the process without removing
 * the socket and PID file), SIGTERM and SIGINT shut down.
 */
export function takeProcessSignals(proc: NodeJS.Process = process): ProcessSignals {
  let daemon: RunningSimulator | undefined;
  const early: DaemonSignal[] = [];
  let stopped: (code: number) => void = () => {};
  const stopping = new Promise<number>((resolve) => (stopped = resolve));
  const deliver = (name: DaemonSignal): void => {
    void daemon!.signal(name).then(() => {
      if (name === 'SIGTERM' || name === 'SIGINT') stopped(0);
    });
  };
  for (const name of HANDLED) {
    proc.on(name, () => (daemon === undefined ? early.push(name) : deliver(name)));
  }
  return {
    attach(started) {
      daemon = started;
      for (const name of early.splice(0)) deliver(name);
      return stopping;
    },
  };
}
