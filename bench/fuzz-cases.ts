/**
 * The requests of the fuzz campaign (bench/fuzz-campaign.ts), as data drawn by fast-check from a
 * seed: well-formed HTTP requests (valid and invalid, built from the suites' own arbitraries) and
 * raw bytes (the suites' api.robustness and host-header inputs, and malformed request lines, bad
 * headers, truncated bodies, invalid chunked encoding, partial requests held open). Raw bytes are
 * built when sent (rawBytes), so a 1 MiB header is not held 100 times in memory.
 */
import fc from 'fast-check';
import { badInput, REQUEST as ROBUSTNESS_REQUEST, type BadInput } from '../suites/api-versioning/basic-http-checks.js';
import { hostCase, hostsOf, type HostCase } from '../suites/api-versioning/host-header-checks.js';
import { servedResource, unknownPath, wrongMethod } from '../suites/arbitraries/requests.js';
import { notABool, notAnInteger } from '../suites/arbitraries/values.js';
import { clientVersion, malformedVersion, numericVersion, spellingsOf } from '../suites/arbitraries/versions.js';
import { badBody, INFERENCE_PATHS } from '../suites/model-runner/bad-input-checks.js';

/** Where a case is sent: the daemon's unix socket, plain TCP, TLS TCP, the runner's TCP port, the runner under the socket prefix. */
export type ListenerName = 'unix' | 'tcp' | 'tls' | 'runner-tcp' | 'runner-socket';
export const LISTENER_NAMES: readonly ListenerName[] = ['unix', 'tcp', 'tls', 'runner-tcp', 'runner-socket'];
const DAEMON_LISTENERS: readonly ListenerName[] = ['unix', 'tcp', 'tls'];
const RUNNER_LISTENERS: readonly ListenerName[] = ['runner-tcp', 'runner-socket'];
export const isRunner = (listener: ListenerName): boolean => RUNNER_LISTENERS.includes(listener);

/** The model the runner holds during the campaign (created before it starts). */
export const MODEL = 'ai/smollm2:latest';

/** A well-formed HTTP request, sent on a keep-alive connection (paths without the listener's base path). */
export interface HttpCase {
  readonly kind: 'http';
  /** valid: a request the daemon serves; invalid: one it must refuse with a 4xx (never a 5xx, never a hang). */
  readonly group: 'valid' | 'invalid';
  readonly listener: ListenerName;
  readonly method: string;
  readonly path: string;
  readonly contentType?: string;
  readonly body?: string;
}

/** What a raw case holds: enough to build its bytes for its listener. */
export type RawSpec =
  | { readonly what: 'robustness'; readonly input: BadInput }
  | { readonly what: 'host-header'; readonly input: HostCase }
  | { readonly what: 'request-line'; readonly method: string; readonly target: string; readonly version: string; readonly space: string; readonly eol: string }
  | { readonly what: 'bad-header'; readonly line: string }
  | { readonly what: 'truncated-body'; readonly body: string; readonly cut: number }
  | { readonly what: 'bad-chunked'; readonly chunks: string }
  | { readonly what: 'partial-request'; readonly cut: number };

/** Raw bytes on a fresh connection: written (then end of stream when `end`), answered or closed within the deadline; partial requests are held to `holdMs`. */
export interface RawCase {
  readonly kind: 'raw';
  readonly group: RawSpec['what'];
  readonly listener: ListenerName;
  readonly spec: RawSpec;
  readonly end: boolean;
}

export type FuzzCase = HttpCase | RawCase;

/** The group a case is counted under. */
export const groupOf = (c: FuzzCase): string => (c.kind === 'http' ? c.group : c.group);

const daemonListener = fc.constantFrom(...DAEMON_LISTENERS);
const runnerListener = fc.constantFrom(...RUNNER_LISTENERS);
const anyListener = fc.constantFrom(...LISTENER_NAMES);

/** GET routes the simulator serves without state or a stream (not /networks or /volumes: it answers those 501, as a route it does not serve). */
const DAEMON_GETS = ['/info', '/containers/json', '/images/json', '/containers/json?all=1&limit=3'];
/** An API version every emulated release serves. */
const SERVED_VERSION = '1.41';

const validDaemon: fc.Arbitrary<HttpCase> = fc
  .tuple(
    daemonListener,
    fc.oneof(
      servedResource.map(([method, path]) => [method, path] as const),
      fc.constantFrom(...DAEMON_GETS).map((path) => ['GET', path] as const),
    ),
    fc.option(spellingsOf(SERVED_VERSION), { nil: undefined }),
  )
  .map(([listener, [method, path], version]) => ({
    kind: 'http',
    group: 'valid',
    listener,
    method,
    path: version === undefined ? path : `/v${version}${path}`,
  }));

const chat = (content: string) => JSON.stringify({ model: MODEL, messages: [{ role: 'user', content }], max_tokens: 8 });

const validRunner: fc.Arbitrary<HttpCase> = fc.tuple(runnerListener, fc.string({ maxLength: 40 })).chain(([listener, text]) =>
  fc.constantFrom<HttpCase>(
    { kind: 'http', group: 'valid', listener, method: 'GET', path: '/models' },
    { kind: 'http', group: 'valid', listener, method: 'GET', path: '/engines/v1/models' },
    { kind: 'http', group: 'valid', listener, method: 'POST', path: '/engines/v1/chat/completions', contentType: 'application/json', body: chat(text) },
    {
      kind: 'http',
      group: 'valid',
      listener,
      method: 'POST',
      path: '/engines/v1/embeddings',
      contentType: 'application/json',
      body: JSON.stringify({ model: MODEL, input: text }),
    },
  ),
);

const invalidDaemon: fc.Arbitrary<HttpCase> = fc
  .tuple(
    daemonListener,
    fc.oneof(
      fc.tuple(fc.constantFrom('GET', 'POST', 'DELETE'), unknownPath),
      wrongMethod,
      malformedVersion.map((v) => ['GET', `/v${v}/_ping`] as const),
      fc.oneof(numericVersion, clientVersion).map((v) => ['GET', `/v${v}/version`] as const),
      fc
        .tuple(notABool, notAnInteger)
        .map(([all, limit]) => ['GET', `/containers/json?all=${encodeURIComponent(all)}&limit=${encodeURIComponent(limit)}`] as const),
    ),
    fc.option(badBody('busybox'), { nil: undefined }),
  )
  .map(([listener, [method, path], body]) =>
    method === 'POST' && body !== undefined
      ? { kind: 'http', group: 'invalid', listener, method, path: '/containers/create', contentType: 'application/json', body }
      : { kind: 'http', group: 'invalid', listener, method, path },
  );

const invalidRunner: fc.Arbitrary<HttpCase> = fc
  .record({
    listener: runnerListener,
    path: fc.oneof(
      fc.constantFrom(...INFERENCE_PATHS),
      unknownPath.map((p) => `/engines${p}`),
    ),
    body: badBody(MODEL),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
  })
  .map(({ listener, path, body, contentType }) => ({ kind: 'http', group: 'invalid', listener, method: 'POST', path, body, contentType }));

/** Bytes no request line may hold, and ways to spell one wrong. */
const requestLine = fc.record({
  what: fc.constant('request-line' as const),
  method: fc.oneof(fc.constantFrom('GET', 'get', 'G ET', '', 'GET\x00', 'PRI', 'CONNECT', 'ÿÿ'), fc.string({ unit: 'binary-ascii', maxLength: 8 })),
  target: fc.oneof(
    fc.constantFrom('/_ping', '*', '', 'http://ctrd/_ping', '/_ping?x=%zz', '/%00', '/../../etc/passwd', '/a b'),
    fc.integer({ min: 1_000, max: 70_000 }).map((n) => `/${'a'.repeat(n)}`),
    fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `/${s}`),
  ),
  version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/1.', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', 'http/1.1', 'FOO', ''),
  space: fc.constantFrom(' ', '  ', '\t'),
  eol: fc.constantFrom('\r\n', '\n', '\r', '\r\r\n'),
});

/** One bad header line (or several) in an otherwise good GET. */
const badHeader = fc
  .oneof(
    fc.constantFrom(
      'NoColon',
      'Bad Name: v',
      ': empty-name',
      'X-A : space-before-colon',
      ' X-Folded: starts-with-space',
      'X-Nul: a\x00b',
      'X-Cr: a\rb',
      'Content-Length: -1',
      'Content-Length: abc',
      'Content-Length: 99999999999999999999',
      'Content-Length: 1\r\nContent-Length: 2',
      'Content-Length: 3\r\nTransfer-Encoding: chunked',
      'Transfer-Encoding: gzip',
      'Transfer-Encoding: chunked, chunked',
      'Expect: 100-continue-please',
      'Connection: upgrade\r\nUpgrade: h2c',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map((s) => `X-Any: ${s}`),
    fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 30 }).map((s) => `${s}: v`),
    fc.integer({ min: 100, max: 2_000 }).map((n) => Array.from({ length: n }, (_, i) => `X-Ctc-${i}: v`).join('\r\n')),
  )
  .map((line) => ({ what: 'bad-header' as const, line }));

const truncatedBody = fc
  .tuple(fc.oneof(badBody(MODEL), fc.constant(chat('hello'))), fc.nat())
  .filter(([body]) => Buffer.byteLength(body, 'latin1') > 1)
  .map(([body, cut]) => ({ what: 'truncated-body' as const, body, cut: cut % Buffer.byteLength(body, 'latin1') }));

/** A chunked body that breaks the framing: bad sizes, missing CRLFs, an overflow, garbage extensions, no last chunk. */
const badChunked = fc
  .oneof(
    fc.constantFrom(
      'zz\r\nabc\r\n0\r\n\r\n',
      '3\r\nabcdef\r\n0\r\n\r\n',
      '3\r\nabc0\r\n\r\n',
      'ffffffffffffffffffff\r\nabc\r\n0\r\n\r\n',
      '-1\r\nabc\r\n0\r\n\r\n',
      '3;\x00ext\r\nabc\r\n0\r\n\r\n',
      '3\nabc\n0\n\n',
      '3\r\nabc\r\n',
      '0\r\nX-Trailer: \x01\r\n\r\n',
      '\r\n\r\n',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
  )
  .map((chunks) => ({ what: 'bad-chunked' as const, chunks }));

const rawSpec: fc.Arbitrary<RawSpec> = fc.oneof(
  // Mostly garbage and hang-ups: a huge header costs a MiB each, so few of them.
  { weight: 3, arbitrary: badInput.filter((input) => input.kind !== 'huge-header').map((input) => ({ what: 'robustness' as const, input })) },
  { weight: 2, arbitrary: hostCase.map((input) => ({ what: 'host-header' as const, input })) },
  { weight: 3, arbitrary: requestLine },
  { weight: 3, arbitrary: badHeader },
  { weight: 3, arbitrary: truncatedBody },
  { weight: 3, arbitrary: badChunked },
);

/**
 * Whether the case's bytes end the stream after writing: a body cut short, a hang-up, a chunked
 * body (which may lack its last chunk) or a line without its end leave a server rightly waiting for
 * more until it sees the end. Every other case holds a whole request head: it must be answered or
 * closed without that help.
 */
const endsStream = (spec: RawSpec): boolean =>
  spec.what === 'truncated-body' ||
  spec.what === 'bad-chunked' ||
  (spec.what === 'robustness' && spec.input.kind === 'hang-up') ||
  (spec.what === 'request-line' && spec.eol === '\r');

/** A fresh connection costs a TLS handshake on the TLS listener: fewer raw cases go there. */
const rawListener: fc.Arbitrary<ListenerName> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<ListenerName>('unix') },
  { weight: 2, arbitrary: fc.constant<ListenerName>('tcp') },
  { weight: 1, arbitrary: fc.constant<ListenerName>('tls') },
  { weight: 2, arbitrary: runnerListener },
);

const rawCase: fc.Arbitrary<RawCase> = fc
  .tuple(rawListener, rawSpec)
  .map(([listener, spec]) => ({ kind: 'raw', group: spec.what, listener, spec, end: endsStream(spec) }));

/** The campaign's cases: counts by kind, drawn from one seed. */
export function campaignCases(counts: { valid: number; invalid: number; raw: number; huge: number; partial: number }, seed: number): FuzzCase[] {
  const draw = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, offset: number): T[] =>
    numRuns === 0 ? [] : fc.sample(arbitrary, { numRuns, seed: seed + offset });
  const huge = badInput.filter((input) => input.kind === 'huge-header');
  return [
    ...draw(fc.oneof({ weight: 3, arbitrary: validDaemon }, { weight: 2, arbitrary: validRunner }), counts.valid, 1),
    ...draw(fc.oneof({ weight: 3, arbitrary: invalidDaemon }, { weight: 2, arbitrary: invalidRunner }), counts.invalid, 2),
    ...draw(rawCase, counts.raw, 3),
    ...draw(fc.tuple(anyListener, huge), counts.huge, 4).map(
      ([listener, input]): RawCase => ({ kind: 'raw', group: 'robustness', listener, spec: { what: 'robustness', input }, end: false }),
    ),
    ...draw(fc.tuple(anyListener, fc.nat()), counts.partial, 5).map(
      ([listener, cut]): RawCase => ({ kind: 'raw', group: 'partial-request', listener, spec: { what: 'partial-request', cut }, end: false }),
    ),
  ];
}

/** The listener's paths: a GET and a POST route (the runner's under its base path, which the sender adds). */
const routesOf = (listener: ListenerName) =>
  isRunner(listener) ? { get: '/models', post: '/engines/v1/chat/completions' } : { get: '/_ping', post: '/containers/create' };

/** A good request's head around `lines` (more header lines), for `path` under `basePath`. */
const head = (method: string, path: string, lines: readonly string[]): string =>
  `${method} ${path} HTTP/1.1\r\nHost: ctrd\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`;

/** The bytes of a raw case on a listener whose requests start with `basePath` ('' when none). */
export function rawBytes(c: RawCase, basePath: string): Buffer {
  const routes = routesOf(c.listener);
  const get = `${basePath}${routes.get}`;
  const post = `${basePath}${routes.post}`;
  const spec = c.spec;
  switch (spec.what) {
    case 'robustness': {
      const input = spec.input;
      if (input.kind === 'huge-header') return Buffer.from(head('GET', get, [`X-Big: ${'a'.repeat(input.size)}`]), 'latin1');
      if (input.kind === 'garbage') return Buffer.from(input.bytes);
      return Buffer.from(ROBUSTNESS_REQUEST.replace('/_ping', get).slice(0, input.cut), 'latin1');
    }
    case 'host-header': {
      const hosts = hostsOf(spec.input).map((host) => `Host: ${host}\r\n`);
      return Buffer.from(`GET ${get} HTTP/1.${spec.input.minor}\r\n${hosts.join('')}Connection: close\r\n\r\n`, 'latin1');
    }
    case 'request-line': {
      const target = spec.target.startsWith('/') ? `${basePath}${spec.target}` : spec.target;
      return Buffer.from(`${[spec.method, target, spec.version].join(spec.space)}${spec.eol}Host: ctrd${spec.eol}${spec.eol}`, 'latin1');
    }
    case 'bad-header':
      return Buffer.from(head('GET', get, [spec.line, 'Connection: close']), 'latin1');
    case 'truncated-body': {
      const body = Buffer.from(spec.body, 'latin1');
      return Buffer.concat([
        Buffer.from(head('POST', post, ['Content-Type: application/json', `Content-Length: ${body.length}`]), 'latin1'),
        body.subarray(0, spec.cut),
      ]);
    }
    case 'bad-chunked':
      return Buffer.from(head('POST', post, ['Content-Type: application/json', 'Transfer-Encoding: chunked']) + spec.chunks, 'latin1');
    case 'partial-request': {
      const whole = head('POST', post, ['Content-Type: application/json', 'Content-Length: 100']);
      return Buffer.from(whole.slice(0, 1 + (spec.cut % (whole.length - 1))), 'latin1');
    }
  }
}
