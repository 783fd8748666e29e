/** Errors the simulator raises before or while it starts. Callers match on `code`. */
export type SimErrorCode =
  | 'SIM_USAGE' // bad command line
  | 'SIM_CONFIG' // bad configuration file or environment
  | 'SIM_LISTEN' // a socket could not be opened
  | 'SIM_PIDFILE' // another daemon holds the PID file
  | 'SIM_AUTHZ' // an authorization plugin cannot be found or activated
  | 'SIM_MODEL_STORE' // the model runner's store cannot be read
  | 'SIM_PANIC'; // the emulated daemon's Go runtime panics: the process ends with status 2

export class SimError extends Error {
  override readonly name = 'SimError';
  constructor(
    readonly code: SimErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Go's exit status after an unrecovered panic. */
export const GO_PANIC_STATUS = 2;

/** The exit status of a daemon that ends with `error` (dockerd's is 1, a Go panic's 2). */
export const exitStatusOf = (error: SimError): number => (error.code === 'SIM_PANIC' ? GO_PANIC_STATUS : 1);
