import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import type { Endpoint } from '../http/endpoint.js';
import { serviceClient, serviceEndpoint } from './endpoints.js';
import { modelForInference } from './models.js';
import { matching } from '../arbitraries/matching.js';

const ENDPOINTS = ['/engines/v1/chat/completions', '/engines/v1/completions', '/engines/v1/embeddings'] as const;
/** The real service's limit on an inference body (maximumOpenAIInferenceRequestSize). */
const LIMIT = 10 * 1024 * 1024;

/** A body the runner's own checks refuse, and the status they must answer. */
type Refused = { readonly why: string; readonly body: string; readonly status: 400 | 404 };

const notJson = fc.string({ minLength: 1, maxLength: 30 }).filter((text) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});

const refused: fc.Arbitrary<Refused> = fc.oneof(
  notJson.map((body) => ({ why: 'not JSON', body, status: 400 as const })),
  fc.constantFrom(undefined, '').map((model) => ({
    why: model === undefined ? 'no model' : 'an empty model',
    body: JSON.stringify({ ...(model === undefined ? {} : { model }), messages: [{ role: 'user', content: 'hi' }], prompt: 'hi', input: 'hi' }),
    status: 400 as const,
  })),
  matching(/^[a-z][a-z0-9]{3,9}$/).map((name) => ({
    why: 'a model not held',
    body: JSON.stringify({ model: `absent${name}/${name}`, messages: [{ role: 'user', content: 'hi' }], prompt: 'hi', input: 'hi' }),
    status: 404 as const,
  })),
);

/** mr.inference.checks: not JSON or no model is 400, a model not held is 404, on every inference endpoint. */
export const inferenceChecksCheck = runnerCheck({
  rule: 'mr.inference.checks',
  via: 'service',
  model: false,
  cases: () => fc.tuple(fc.constantFrom(...ENDPOINTS), refused),
  judge: async ([path, { why, body, status }], { client }) => {
    const reply = await client.request('POST', path, { body, headers: { 'Content-Type': 'application/json' } });
    if (reply.status !== status)
      throw new Violation(
        `POST ${path} with ${why} (${JSON.stringify(body).slice(0, 80)}) answered ${reply.status}, not ${status}: ${reply.body.slice(0, 200)}`,
      );
  },
  summary: 'bodies that are not JSON or name no model answered 400, a model not held 404',
});

/** A chat body of exactly `size` bytes (the content padded), naming a model the runner holds. */
function chatBodyOf(model: string, size: number): Buffer {
  const empty = Buffer.byteLength(JSON.stringify({ model, messages: [{ role: 'user', content: '' }], max_tokens: 1 }));
  return Buffer.from(JSON.stringify({ model, messages: [{ role: 'user', content: 'x'.repeat(size - empty) }], max_tokens: 1 }));
}

/**
 * Declares a body of `declared` bytes, sends only `sent` of them and waits for a status line: the
 * runner must answer without the rest. Null when none came in time.
 */
function statusBeforeTheRest(endpoint: Endpoint, path: string, declared: number, sent: Buffer, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = endpoint.kind === 'unix' ? connect(endpoint.path) : connect(endpoint.port, endpoint.host);
    let head = '';
    const done = (status: number | null): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const line = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (line !== null) done(Number(line[1]));
    });
    socket.on('error', () => done(null));
    socket.on('connect', () => {
      socket.write(
        `POST ${endpoint.basePath ?? ''}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(sent);
    });
  });
}

/** mr.inference.body-limit: 10 MiB is taken, more is 400 without the runner waiting for the rest. */
export const bodyLimitCheck: RuleCheck = {
  rule: 'mr.inference.body-limit',
  async run(ctx, _api, options) {
    const model = await modelForInference(ctx);
    const client = serviceClient(ctx);
    const endpoint = serviceEndpoint(ctx.instance);
    try {
      return await checkProperty(
        fc.tuple(fc.integer({ min: 1, max: 256 * 1024 }), fc.integer({ min: 0, max: 4096 })),
        async ([over, under]) => {
          const atLimit = await client.request('POST', ENDPOINTS[0], { body: chatBodyOf(model, LIMIT - under) });
          if (atLimit.status !== 200)
            throw new Violation(`a ${LIMIT - under}-byte chat body (the limit is ${LIMIT}) answered ${atLimit.status}: ${atLimit.body.slice(0, 200)}`);
          const filler = randomBytes(8).toString('hex');
          const sent = Buffer.concat([Buffer.from(`{"model":${JSON.stringify(model)},"x":"${filler}`), Buffer.alloc(LIMIT + 1, 'y')]);
          const status = await statusBeforeTheRest(endpoint, ENDPOINTS[0], sent.length + over, sent, 5_000);
          if (status !== 400)
            throw new Violation(
              `a body declared ${sent.length + over} bytes, of which ${sent.length} sent: ${status === null ? 'no answer within 5 s without the rest' : `answered ${status}, not 400`}`,
            );
        },
        // Each case moves 20 MiB: one per run, its sizes drawn from the seed.
        { ...options, numRuns: 1 },
        'bodies up to 10 MiB were served; a larger one was refused with 400 before the rest of it was sent',
      );
    } finally {
      client.close();
    }
  },
};
