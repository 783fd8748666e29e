import type { Endpoint, Playback } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { makeInstance } from './instance.js';
import type { StartOutcome, Target } from './target.js';
import { TargetError } from './target.js';
import { TRANSCRIPT_LIMITS, type RecordedExchange, type Transcript } from './transcript.js';

/**
 * Host the replayed daemon answers on. The client asks the playback, and sends nothing; nock is
 * there as a guard only (net connect disabled while replaying): a request made other than through
 * the suites' client is refused, and nothing goes on the network.
 */
const REPLAY_HOST = 'ctrd';

/** The recorded exchange that answers a request: one recorded with its body first, else one recorded without. */
export function findExchange(
  byRequest: ReadonlyMap<string, readonly RecordedExchange[]>,
  method: string,
  path: string,
  body: string,
): RecordedExchange | undefined {
  const candidates = byRequest.get(`${method} ${path}`) ?? [];
  const withBody = candidates.find(
    (exchange) =>
      exchange.requestBody !== undefined && (exchange.requestTruncated === true ? body.startsWith(exchange.requestBody) : body === exchange.requestBody),
  );
  return withBody ?? candidates.find((exchange) => exchange.requestBody === undefined);
}

/**
 * A daemon played back from a recorded transcript: each request the suites' client makes is
 * answered from the transcript, found by method and path, in this process.
 */
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
    const byRequest = new Map<string, RecordedExchange[]>();
    for (const exchange of this.transcript.exchanges) {
      const key = `${exchange.method} ${exchange.path}`;
      byRequest.set(key, [...(byRequest.get(key) ?? []), exchange]);
    }
    const playback: Playback = {
      answer: (method, path, body) => {
        const exchange = findExchange(byRequest, method, path, body?.toString('utf8') ?? '');
        if (exchange === undefined) return { notRecorded: 'not in the transcript' };
        if (exchange.truncated === true) return { notRecorded: `the recording cut this answer's body at ${TRANSCRIPT_LIMITS.bodyBytes} bytes` };
        return { status: exchange.status, headers: exchange.headers, body: exchange.body };
      },
    };
    // A request sent other than through the suites' client finds no interceptor: nock's refusal,
    // which the client reads as not recorded too.
    nock.disableNetConnect();
    const endpoint: Endpoint = { kind: 'tcp', host: REPLAY_HOST, port: 80, playback };
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
