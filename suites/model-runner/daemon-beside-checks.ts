import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import type { Endpoint } from '../http/endpoint.js';
import { conversation, embeddingInput } from './arbitraries.js';
import { comparableBody } from './answer-comparison.js';
import { DOCKER_DEFAULT_ENGINE, serviceClient, SOCKET_PREFIX, socketServiceEndpoint } from './endpoints.js';
import { inLease, spell, spelling, type Spelling } from './leased-references.js';
import { createOrFail } from './management-calls.js';
import { modelForInference } from './models.js';
import { clip } from './openai-calls.js';
import { modelPath } from './reference-arbitraries.js';

/** A runner path sent to the socket without the prefix; a create or delete must not take effect. */
type Unprefixed =
  | { readonly kind: 'get' | 'post'; readonly path: string; readonly json?: unknown }
  | { readonly kind: 'create'; readonly spelled: Spelling }
  | { readonly kind: 'delete'; readonly spelled: Spelling };

const unprefixed = (model: string): fc.Arbitrary<Unprefixed> =>
  fc.oneof(
    fc
      .constantFrom('/engines/v1/models', `/engines/${DOCKER_DEFAULT_ENGINE}/v1/models`, '/models', `/models/${model.replace(/:latest$/, '')}`)
      .map((path) => ({ kind: 'get' as const, path })),
    conversation.map((messages) => ({ kind: 'post' as const, path: '/engines/v1/chat/completions', json: { model, messages } })),
    embeddingInput.map((input) => ({ kind: 'post' as const, path: `/engines/${DOCKER_DEFAULT_ENGINE}/v1/embeddings`, json: { model, input } })),
    // A registry reference (leased by the case): a create handed to the runner would take effect.
    spelling.map((spelled) => ({ kind: 'create' as const, spelled })),
    spelling.map((spelled) => ({ kind: 'delete' as const, spelled })),
  );

/** The daemon socket itself: the socket the runner is served on under its prefix, without the prefix. */
function daemonSocket(prefixed: Endpoint): Endpoint {
  return prefixed.kind === 'unix'
    ? { kind: 'unix', path: prefixed.path }
    : { kind: 'tcp', host: prefixed.host, port: prefixed.port, ...(prefixed.tls === undefined ? {} : { tls: prefixed.tls }) };
}

/** "1.44" → "1.45" for `above` 1: a version the daemon must refuse as too new. */
const tooNew = (max: string, above: number): string => {
  const [major = '1', minor = '0'] = max.split('.');
  return `${major}.${Number(minor) + above}`;
};

/**
 * mr.socket.daemon-beside: unprefixed runner paths on the socket are the daemon's unknown paths
 * (its 404 "page not found", and nothing created or deleted); /_ping and the version gate answer
 * as without a runner.
 */
export const daemonBesideCheck: RuleCheck = {
  rule: 'mr.socket.daemon-beside',
  async run(ctx, _api, options) {
    const daemon = ctx.clientFor(daemonSocket(socketServiceEndpoint(ctx.instance)));
    const model = await modelForInference(ctx);
    const service = serviceClient(ctx);
    try {
      return await checkProperty(
        fc.record({ paths: fc.array(unprefixed(model), { minLength: 1, maxLength: 4 }), above: fc.integer({ min: 1, max: 5 }) }),
        ({ paths, above }) =>
          // One registry reference per create or delete: the runner creates nothing else, and the lease keeps cells apart.
          inLease(ctx, service, paths.filter((p) => p.kind === 'create' || p.kind === 'delete').length, async ({ references, namespace: ns }) => {
            let next = 0;
            for (const request of paths) {
              const reference = request.kind === 'create' || request.kind === 'delete' ? spell(references[next++]!, request.spelled) : undefined;
              const [method, path, json]: [string, string, unknown] =
                request.kind === 'create'
                  ? ['POST', '/models/create', { from: reference!.text }]
                  : request.kind === 'delete'
                    ? ['DELETE', `/models/${modelPath(reference!, '')}`, undefined]
                    : [request.kind.toUpperCase(), request.path, request.json];
              // Held over TCP, so that a socket that handed the DELETE to the runner would be seen.
              if (request.kind === 'delete') await createOrFail(service, reference!.text);
              const sent = { ...(json === undefined ? {} : { json }) };
              const reply = await daemon.request(method, path, sent);
              // Any unknown daemon path, for the daemon's own 404 to compare with.
              const unknown = await daemon.request(method, `/ctr-conformance-no-such-path-${ns}`, sent);
              const what = `${method} ${path} on the daemon socket, without ${SOCKET_PREFIX}`;
              if (reply.status !== 404) throw new Violation(`${what} answered ${reply.status}, not the daemon's 404: ${clip(reply.body)}`);
              if (!reply.body.includes('page not found')) throw new Violation(`${what} answered 404 without "page not found": ${clip(reply.body)}`);
              if (unknown.status === 404 && !isDeepStrictEqual(comparableBody(reply.body), comparableBody(unknown.body))) {
                throw new Violation(`${what} answered ${clip(reply.body)}, not the daemon's answer to an unknown path: ${clip(unknown.body)}`);
              }
              const held = reference === undefined ? undefined : (await service.request('GET', `/models/${reference.canonical}`)).status;
              if (request.kind === 'create' && held !== 404)
                throw new Violation(`after ${what}, the runner holds ${reference!.canonical} (GET over TCP answered ${held})`);
              if (request.kind === 'delete' && held !== 200)
                throw new Violation(`after ${what}, the runner no longer holds ${reference!.canonical} (GET over TCP answered ${held})`);
            }
            const ping = await daemon.request('GET', '/_ping');
            if (ping.status !== 200) throw new Violation(`GET /_ping on the daemon socket answered ${ping.status}: ${clip(ping.body)}`);
            const version = `/v${tooNew(ctx.expectedMax, above)}/version`;
            const refused = await daemon.request('GET', version);
            // The gate's own answer (its status and wording are api.version.too-new's to judge): a refusal naming the version.
            if (refused.status < 400 || refused.status > 499 || !/too new/.test(refused.body)) {
              throw new Violation(
                `GET ${version} on the daemon socket (above ${ctx.expectedMax}) was not refused by the version gate: ${refused.status} ${clip(refused.body)}`,
              );
            }
          }),
        options,
        "beside the prefix, runner paths were the daemon's 404, /_ping answered 200 and the version gate refused a too-new version",
      );
    } finally {
      daemon.close();
      service.close();
    }
  },
};
