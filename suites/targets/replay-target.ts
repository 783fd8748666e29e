import { escapeRegExp } from '../../common/regexp.js';
import { NOT_RECORDED } from '../http/client.js';
import type { Endpoint } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { makeInstance } from './instance.js';
import type { StartOutcome, Target } from './target.js';
import { TargetError } from './target.js';
import { TRANSCRIPT_LIMITS, type Transcript } from './transcript.js';

/**
 * Host the replayed daemon answers on: the endpoint's host, which is what nock matches (the
 * request goes to ctrd:80, so node sends `Host: ctrd`). Net connect is disabled while replaying, so nothing goes on the network.
 */
const REPLAY_HOST = 'ctrd';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** A daemon played back from a recorded transcript through nock. */
export class ReplayTarget implements Target {
  readonly kind = 'replay';
  readonly capabilities = CAPABILITIES_OF.replay;
  readonly surfaces = SURFACES_OF.connected;

  constructor(
    readonly spec: string,
    readonly transcript: Transcript,
  ) {}

  async start(request: object = {}): Promise<StartOutcome> {
    if (Object.keys(request).length > 0)
      throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} is a recording and cannot be started with other settings`);
    // Loaded only here: nock patches node:http for the whole process as soon as it is imported.
    const { default: nock } = await import('nock');
    if (!nock.isActive()) nock.activate();
    const origin = `http://${REPLAY_HOST}`;
    const scope = nock(origin).persist();
    // Exchanges recorded with a request body first: they match on it; the others on method and path.
    const ordered = [...this.transcript.exchanges].sort((a, b) => Number(b.requestBody !== undefined) - Number(a.requestBody !== undefined));
    for (const exchange of ordered) {
      const body =
        exchange.requestBody === undefined ? undefined : new RegExp(`^${escapeRegExp(exchange.requestBody)}${exchange.requestTruncated === true ? '' : '$'}`);
      const interceptor = scope.intercept(exchange.path, exchange.method, body);
      if (exchange.truncated === true)
        interceptor.replyWithError(`${NOT_RECORDED}: the recording cut this answer's body at ${TRANSCRIPT_LIMITS.bodyBytes} bytes`);
      else interceptor.reply(exchange.status, exchange.body, exchange.headers);
    }
    // Anything else was not recorded: an error of the replay, not a failure of the daemon.
    for (const method of METHODS) {
      // A string, not an error object: nock 14 never delivers an object error to the request.
      scope.intercept(/.*/, method).replyWithError(`${NOT_RECORDED}: not in the transcript`);
    }
    nock.disableNetConnect();
    const endpoint: Endpoint = { kind: 'tcp', host: REPLAY_HOST, port: 80 };
    return {
      ok: true,
      instance: makeInstance(this.spec, {
        endpoints: { daemon: endpoint, listeners: [endpoint] },
        stop: async () => {
          nock.cleanAll();
          nock.enableNetConnect();
          nock.restore();
        },
      }),
    };
  }
}
