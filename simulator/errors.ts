/** Errors the simulator raises before or while it starts. Callers match on `code`. */
export type SimErrorCode =
  | 'SIM_USAGE' // bad command line
  | 'SIM_CONFIG' // bad configuration file or environment
  | 'SIM_LISTEN' // a socket could not be opened
  | 'SIM_PIDFILE' // another daemon holds the PID file
  | 'SIM_AUTHZ' // an authorization plugin cannot be found or activated
  | 'SIM_MODEL_STORE'; // the model runner's store cannot be read

export class SimError extends Error {
  override readonly name = 'SimError';
  constructor(
    readonly code: SimErrorCode,
    message: string,
  ) {
    super(message);
  }
}
