import { parseEndpoint, type Endpoint, type TlsSettings } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { makeInstance } from './instance.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from './target.js';

/**
 * An OpenAI-compatible server somebody else started (`openai:http://127.0.0.1:12434/engines/v1`):
 * only the model runner's API, with the URL's path as the base of every request. It has no daemon
 * API (no /version, no /_ping) and nothing can be done to it but send requests.
 */
export class OpenAiTarget implements Target {
  readonly kind = 'openai';
  readonly capabilities = CAPABILITIES_OF.openai;
  readonly surfaces = SURFACES_OF.openai;
  readonly endpoint: Endpoint;

  constructor(
    readonly spec: string,
    url: string,
    allowRemote: boolean,
    tls?: TlsSettings,
  ) {
    this.endpoint = parseEndpoint(url, allowRemote, tls);
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    if (request.args !== undefined || request.env !== undefined || request.config !== undefined) {
      throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} is already running and cannot be started with other settings`);
    }
    return { ok: true, instance: makeInstance(this.spec, { endpoints: { modelRunner: this.endpoint, listeners: [this.endpoint] }, stop: async () => {} }) };
  }
}
