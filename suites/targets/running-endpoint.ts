import { parseEndpoint } from '../http/endpoint.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from './target.js';

/** A daemon somebody else started: connect only, never start or stop it. */
export class RunningEndpointTarget implements Target {
  readonly kind = 'endpoint';
  readonly configurable = false;
  readonly wire = true;

  constructor(
    readonly spec: string,
    private readonly address: string,
    private readonly allowRemote: boolean,
  ) {
    parseEndpoint(address, allowRemote);
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    if (request.args !== undefined || request.env !== undefined || request.config !== undefined) {
      throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} is already running and cannot be started with other settings`);
    }
    return { ok: true, instance: { endpoint: parseEndpoint(this.address, this.allowRemote), output: () => '', stop: async () => {} } };
  }
}
