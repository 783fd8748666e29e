import { parseEndpoint, type Endpoint, type TlsSettings } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { makeInstance } from './instance.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from './target.js';

/** A daemon somebody else started: connect only, never start or stop it. */
export class RunningEndpointTarget implements Target {
  readonly kind = 'endpoint';
  readonly capabilities;
  readonly surfaces = SURFACES_OF.connected;
  private readonly endpoint: Endpoint;

  /** `tls`: client credentials for a TLS daemon (an `https://` address is TLS even without them). */
  constructor(
    readonly spec: string,
    address: string,
    allowRemote: boolean,
    tls?: TlsSettings,
  ) {
    this.endpoint = parseEndpoint(address, allowRemote, tls);
    this.capabilities = this.endpoint.kind === 'tcp' && this.endpoint.tls !== undefined ? CAPABILITIES_OF.tlsEndpoint : CAPABILITIES_OF.endpoint;
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    if (request.args !== undefined || request.env !== undefined || request.config !== undefined) {
      throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} is already running and cannot be started with other settings`);
    }
    return { ok: true, instance: makeInstance(this.spec, { endpoints: { daemon: this.endpoint, listeners: [this.endpoint] }, stop: async () => {} }) };
  }
}
