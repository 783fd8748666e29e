import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ModelRunner } from '../runner.js';

/** One request to the runner: its decoded path segments after the mount point, and the runner. */
export interface RunnerRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly segments: readonly string[];
  readonly runner: ModelRunner;
}
