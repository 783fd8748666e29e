import { connect as connectTls } from 'node:tls';
import fc from 'fast-check';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Unjudgeable, Violation, type Verdict } from '../harness/verdict.js';
import type { HttpReply, RequestOptions } from '../http/client.js';
import { conversation, embeddingInput, maxTokens, prompt } from './arbitraries.js';
import { answerDifference, compareSides, type Side } from './answer-comparison.js';
import { badCreateBody, type BadCreateBody } from './create-body-arbitraries.js';
import { defaultEngineOf, serviceClient, serviceEndpoint, SOCKET_PREFIX, socketServiceEndpoint } from './endpoints.js';
import { cleanUp, freshNamespace, lastLine, sendCreate } from './management-calls.js';
import { modelForInference } from './models.js';
import { bodyOf, describeCall, openAiCall } from './openai-call-arbitraries.js';
import { clip } from './openai-calls.js';
import { bind, component, modelPath, type ValidReference } from './reference-arbitraries.js';
import { inLease, spell, spelling, type Spelling } from './leased-references.js';

/** Whether a TLS handshake succeeds on the base address (any certificate: the scheme is judged, not the trust). */
function speaksTls(host: string, port: number): Promise<Verdict> {
  return new Promise((resolve) => {
    const socket = connectTls({ host, port, servername: 'localhost', rejectUnauthorized: false, timeout: 5_000 });
    const done = (verdict: Verdict): void => {
      socket.destroy();
      resolve(verdict);
    };
    socket.once('secureConnect', () => done({ status: 'pass', summary: `a TLS handshake with localhost:${port} succeeded: the base address is https` }));
    socket.once('error', (error) =>
      done({
        status: 'fail',
        summary: `no TLS on the base address localhost:${port} (${error.message}): it is not https, the scheme of the document's examples`,
      }),
    );
    socket.once('timeout', () =>
      done({
        status: 'fail',
        summary: `no TLS handshake on the base address localhost:${port} within 5 s: it is not https, the scheme of the document's examples`,
      }),
    );
  });
}

/** mr.tcp.serves: each of the nine routes of the tables, with a valid request, answers 2xx over TCP. */
export const tcpServesCheck: RuleCheck = {
  rule: 'mr.tcp.serves',
  async run(ctx, _api, options) {
    const endpoint = serviceEndpoint(ctx.instance);
    if (endpoint.kind !== 'tcp') throw new Unjudgeable('the model runner service address is not a TCP address');
    // The other reading of the scheme (the document's examples use https): the base address speaks TLS.
    if (options.reading === 'other') return speaksTls(endpoint.host, endpoint.port);
    // The document's base address is localhost:12434: a request names the host as a client of it would.
    const headers = { Host: `localhost:${endpoint.port}` };
    const client = serviceClient(ctx);
    try {
      return await checkProperty(
        fc.record({ spelled: spelling, messages: conversation, text: prompt, input: embeddingInput, limit: maxTokens }),
        ({ spelled, messages, text, input, limit }) =>
          // The runner creates only what its registry has: the case leases a registry reference.
          inLease(ctx, client, 1, async ({ references: [registry] }) => {
            const ref = spell(registry!, spelled);
            const model = ref.canonical;
            const path = modelPath(ref, '');
            const engine = `/engines/${defaultEngineOf(ctx.instance)}/v1`;
            const routes: readonly (readonly [string, string, unknown?])[] = [
              ['POST', '/models/create', { from: ref.text }],
              ['GET', '/models'],
              ['GET', `/models/${path}`],
              ['GET', `${engine}/models`],
              ['GET', `${engine}/models/${path}`],
              ['POST', `${engine}/chat/completions`, { model, messages, max_tokens: limit }],
              ['POST', `${engine}/completions`, { model, prompt: text, max_tokens: limit }],
              ['POST', `${engine}/embeddings`, { model, input }],
              ['DELETE', `/models/${path}`],
            ];
            for (const [method, route, json] of routes) {
              const reply = await client.request(method, route, { headers, ...(json === undefined ? {} : { json }) });
              if (reply.status < 200 || reply.status > 299)
                throw new Violation(
                  `${method} ${route}${json === undefined ? '' : ` ${clip(JSON.stringify(json), 120)}`} on the TCP base address answered ${reply.status}: ${clip(reply.body)}`,
                );
            }
          }),
        options,
        'the nine routes of the endpoint tables answered 2xx on the TCP base address',
      );
    } finally {
      client.close();
    }
  },
};

/** A listing or management request mr.socket.prefix.management sends over the socket and over TCP. */
type ManagementStep =
  | { readonly kind: 'list' }
  | { readonly kind: 'get'; readonly held: boolean; readonly name: string }
  | { readonly kind: 'lifecycle'; readonly spelled: Spelling }
  | { readonly kind: 'bad-create'; readonly body: BadCreateBody };

const managementStep: fc.Arbitrary<ManagementStep> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'list' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('get' as const), held: fc.boolean(), name: component }) },
  { weight: 2, arbitrary: spelling.map((spelled) => ({ kind: 'lifecycle' as const, spelled })) },
  { weight: 1, arbitrary: badCreateBody.map((body) => ({ kind: 'bad-create' as const, body })) },
);

/** Only the last line of a create answer is compared: the progress lines before it follow the clock in the real service. */
const outcomeOnly = (reply: HttpReply): HttpReply => ({ ...reply, body: lastLine(reply.body) });

/** One case's view of the two ways in: both clients in the generated order, and a pair of sides for one request. */
interface BothWays {
  readonly socket: CheckClient;
  readonly tcp: CheckClient;
  /** The socket and TCP clients, first the one the case sends to first. */
  readonly order: readonly [CheckClient, CheckClient];
  readonly model: string;
  pair(method: string, path: string, request?: RequestOptions): [Side, Side];
}

/** Runs a property whose cases send the same requests over the socket (under the prefix) and over TCP. */
async function overSocketAndTcp<T>(
  ctx: SuiteContext,
  options: PropertyOptions,
  steps: (model: string) => fc.Arbitrary<T>,
  body: (ways: BothWays, steps: T) => Promise<void>,
  summary: string,
): Promise<Verdict> {
  const socketEndpoint = socketServiceEndpoint(ctx.instance);
  const model = await modelForInference(ctx);
  const tcp = serviceClient(ctx);
  const socket = ctx.clientFor(socketEndpoint);
  try {
    return await checkProperty(
      fc.record({ steps: steps(model), socketFirst: fc.boolean() }),
      ({ steps: generated, socketFirst }) => {
        const side = (client: CheckClient, method: string, path: string, request: RequestOptions): Side => ({
          label: `${method} ${client === socket ? SOCKET_PREFIX : ''}${path} over ${client === socket ? 'the socket' : 'TCP'}`,
          send: () => client.request(method, path, request),
        });
        const order: [CheckClient, CheckClient] = socketFirst ? [socket, tcp] : [tcp, socket];
        const pair = (method: string, path: string, request: RequestOptions = {}): [Side, Side] => [
          side(order[0], method, path, request),
          side(order[1], method, path, request),
        ];
        return body({ socket, tcp, order, model, pair }, generated);
      },
      options,
      summary,
    );
  } finally {
    tcp.close();
    socket.close();
  }
}

/** mr.socket.prefix: the OpenAI-style endpoints under /exp/vENG4.40 on the daemon socket answer as over TCP, in both forms. */
export const socketPrefixCheck: RuleCheck = {
  rule: 'mr.socket.prefix',
  run: (ctx, _api, options) => {
    const engine = defaultEngineOf(ctx.instance);
    return overSocketAndTcp(
      ctx,
      options,
      (model) => fc.array(fc.record({ call: openAiCall(model), fullForm: fc.boolean() }), { minLength: 1, maxLength: 4 }),
      async ({ pair, model }, steps) => {
        for (const { call, fullForm } of steps) {
          const path = `/engines${fullForm ? `/${engine}` : ''}/v1${call.path}`;
          // A list also shows other cells' models: the suite's model is compared.
          const difference = await compareSides(
            ...pair(call.method, path, bodyOf(call)),
            call.path === '/models' ? (reference) => reference === model : undefined,
          );
          if (difference !== null) throw new Violation(`${describeCall(call, path)}: ${difference}`);
        }
      },
      'OpenAI-style requests (shortcut and full form) answered alike over the socket prefix and over TCP',
    );
  },
};

/** mr.socket.prefix.management: listing and management under /exp/vENG4.40 on the daemon socket answer as over TCP. */
export const socketPrefixManagementCheck: RuleCheck = {
  rule: 'mr.socket.prefix.management',
  run: (ctx, _api, options) =>
    overSocketAndTcp(
      ctx,
      options,
      () => fc.array(managementStep, { minLength: 1, maxLength: 4 }),
      async ({ socket, tcp, order, model, pair }, steps) => {
        const ns = freshNamespace();
        const keep = (reference: string): boolean => reference === model || reference.includes(ns);
        const expectSame = (difference: string | null): void => {
          if (difference !== null) throw new Violation(difference);
        };
        try {
          for (const s of steps) {
            if (s.kind === 'list') {
              expectSame(await compareSides(...pair('GET', '/models'), keep));
            } else if (s.kind === 'get') {
              expectSame(await compareSides(...pair('GET', `/models/${s.held ? model.replace(/:latest$/, '') : `${ns}/${s.name}`}`)));
            } else if (s.kind === 'bad-create') {
              const body = bind(s.body.text, ns);
              expectSame(
                await compareSides(...pair('POST', '/models/create', { body, headers: { 'Content-Type': 'application/json', Accept: 'application/json' } })),
              );
            } else {
              // A registry reference of its own for each lifecycle: the runner creates nothing else.
              const spelled = s.spelled;
              await inLease(ctx, tcp, 1, ({ references: [registry] }) => compareLifecycle(spell(registry!, spelled), '', order, (client) => client === socket));
            }
          }
        } finally {
          await cleanUp(tcp, ns);
        }
      },
      'listing and management requests answered alike over the socket prefix and over TCP',
    ),
};

/**
 * Create (new), create (cached), delete (held), delete (gone) of one reference, first all one way,
 * then all the other: the same reference passes the same states both ways, so each answer of the
 * one way must be the other's.
 */
async function compareLifecycle(
  ref: ValidReference,
  ns: string,
  clients: readonly [CheckClient, CheckClient],
  isSocket: (client: CheckClient) => boolean,
): Promise<void> {
  const from = bind(ref.text, ns);
  const path = `/models/${modelPath(ref, ns)}`;
  const stages = ['create (new)', 'create (held)', 'delete (held)', 'delete (gone)'] as const;
  const run = async (client: CheckClient): Promise<HttpReply[]> => [
    outcomeOnly(await sendCreate(client, from)),
    outcomeOnly(await sendCreate(client, from)),
    await client.request('DELETE', path),
    await client.request('DELETE', path),
  ];
  const [first, second] = [await run(clients[0]), await run(clients[1])];
  const where = (client: CheckClient): string => (isSocket(client) ? `over the socket (${SOCKET_PREFIX})` : 'over TCP');
  for (const [i, stage] of stages.entries()) {
    const difference = answerDifference({ label: where(clients[0]), reply: first[i]! }, { label: where(clients[1]), reply: second[i]! });
    if (difference !== null)
      throw new Violation(`${stage} of ${from} (${stage.startsWith('create') ? 'the last line of POST /models/create' : `DELETE ${path}`}): ${difference}`);
  }
}
