import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type RawInput, rawExchange } from './helpers/raw-exchange.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * POST /containers/{name}/attach, GET /containers/{name}/attach/ws and GET
 * /containers/{name}/logs of containers that run nothing (simulator/engine/containers/attach.ts,
 * attach-ws.ts, logs.ts): each observed release and ctrd-sim emulating
 * it get the same generated requests, written raw (an attach hijacks the connection) and read
 * until the daemon ends the connection or 900 ms pass (a margin for a loaded machine: what ends,
 * ends within milliseconds); after an attach its events are counted.
 */

/** A request as sent: an attach may ask to upgrade the connection, a logs request may name the types it accepts. */
interface RawAsk extends Ask {
  readonly headers: string;
  /** An attach's input after the request. */
  readonly afterwards?: RawInput;
}

const eventsSince = new WeakMap<HttpClient, string>();

/** A container of ctc-img:1 that would sleep, never started, with the log driver `type`. */
const withLogDriver = (client: HttpClient, name: string, type: string): Promise<string> =>
  sendOk(
    client,
    'POST',
    `/containers/create?name=${name}`,
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { NetworkMode: 'none', LogConfig: { Type: type } } }),
  );

/**
 * aj: json-file, never started; at: a TTY with stdin open; ao: stdin open for one attach; al: the
 * local driver; an: the driver none; ar: running (a sleeper prints nothing); as: running, stdin
 * open for one attach; ap: running, paused; ai: running, stdin open. No running container has a
 * TTY: its terminal echoes the input (the kernel's line discipline), which ctrd-sim has not.
 */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  eventsSince.set(client, String(Math.floor(Date.now() / 1000) - 1));
  await importBusybox(client);
  await sleeper(client, 'aj');
  await sleeper(client, 'at', { Tty: true, OpenStdin: true });
  await sleeper(client, 'ao', { OpenStdin: true, StdinOnce: true });
  await withLogDriver(client, 'al', 'local');
  await withLogDriver(client, 'an', 'none');
  await sleeper(client, 'ar');
  await sendOk(client, 'POST', '/containers/ar/start');
  await sleeper(client, 'as', { OpenStdin: true, StdinOnce: true });
  await sendOk(client, 'POST', '/containers/as/start');
  await sleeper(client, 'ap');
  await sendOk(client, 'POST', '/containers/ap/start');
  await sendOk(client, 'POST', '/containers/ap/pause');
  await sleeper(client, 'ai', { OpenStdin: true });
  await sendOk(client, 'POST', '/containers/ai/start');
  return {};
}

/** moby's BoolValue spellings, and absence. */
const flag = fc.constantFrom(undefined, '1', '0', 'true', 'false', 'no', 'none', '', 'x');
const version = fc.constantFrom('', '/v1.40', '/v1.41', '/v1.44', '/v1.54');

/** Detach keys as the query carries them: moby/term's names, single bytes (one beyond ASCII, not UTF-8), and what it refuses. */
const detachKeys = fc.option(
  fc.oneof(
    fc.constantFrom('%FF', '%C3%A9', 'ctrl-p%2Cctrl-q', 'DEL', 'ctrl-A', '%2C'),
    fc
      .array(fc.constantFrom('a', 'ctrl-a', 'ctrl-@', 'ctrl-%5B', 'ctrl-%5C', 'ctrl-_', 'DEL', 'del', 'ab', 'ctrl-', ''), { minLength: 1, maxLength: 3 })
      .map((keys) => keys.join('%2C')),
  ),
  { nil: undefined },
);

/** A query of the entries given, their values already escaped. */
const query = (entries: readonly (readonly [string, string | undefined])[]): string => {
  const set = entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  return set.length === 0 ? '' : `?${set.map(([key, value]) => `${key}=${value}`).join('&')}`;
};
const escaped = (value: string | undefined): string | undefined => (value === undefined ? undefined : encodeURIComponent(value));

/** An attach's query: logs, stream and the three streams in moby's boolean spellings, and detach keys. */
const attachQuery = (logs: fc.Arbitrary<string | undefined>): fc.Arbitrary<string> =>
  fc
    .record({ logs, stream: flag, stdin: flag, stdout: flag, stderr: flag, detachKeys })
    .map(({ detachKeys, ...flags }) => query([...Object.entries(flags).map(([key, value]) => [key, escaped(value)] as const), ['detachKeys', detachKeys]]));

/** An upgrade asks for tcp, as the docker CLI does. */
const UPGRADE = 'Connection: Upgrade\r\nUpgrade: tcp\r\n';

const attach = (containers: fc.Arbitrary<string>, logs: fc.Arbitrary<string | undefined>): fc.Arbitrary<RawAsk> =>
  fc
    .record({
      version,
      container: containers,
      query: attachQuery(logs),
      upgrade: fc.boolean(),
      // The default detach keys, keys some generated detachKeys name, other bytes.
      afterwards: fc.record({
        input: fc.constantFrom('', '\u0010\u0011', '\u0010x\u0011', '\u0010\u0010\u0011', 'y\u0010\u0011', '\u0001', 'a', 'xa'),
        halfClose: fc.boolean(),
      }),
    })
    .map(({ version, container, query, upgrade, afterwards }) => ({
      method: 'POST',
      path: `${version}/containers/${container}/attach${query}`,
      headers: upgrade ? UPGRADE : '',
      afterwards,
    }));

/** A client's WebSocket frame, masked as a client must (or not, which x/net answers with a close frame). */
function clientFrame(opcode: number, payload: string, masked = true): string {
  const bytes = Buffer.from(payload, 'latin1');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const head = Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | bytes.length]);
  const body = masked ? Buffer.concat([mask, Buffer.from(bytes.map((b, i) => b ^ mask[i % 4]!))]) : bytes;
  return Buffer.concat([head, body]).toString('latin1');
}

/** Data a client sends on an attach's WebSocket: the default detach keys, other bytes, nothing. */
const wsData = fc.constantFrom('\u0010\u0011', 'y\u0010\u0011', 'a', '', '\u0010').map((data) => clientFrame(0x2, data));
/** Frames the daemon answers (a ping; an unmasked frame, with a close frame), and a close frame and a pong, which it answers with nothing. */
const wsControl = fc.constantFrom(
  clientFrame(0x9, 'hi'),
  clientFrame(0x2, 'a', false),
  clientFrame(0x8, '\u0003\u00e8'),
  clientFrame(0xa, 'x'),
  clientFrame(0x1, '\u0010\u0011'),
);
/**
 * The frames a client sends. After a TTY's detach keys the releases' reader may read one frame
 * more before the attach ends, or not (a race: an unmasked frame there got its close frame in one
 * of five tries on 29.7.2), so to a TTY container a frame the daemon answers comes first only;
 * a container without one reads no detach keys.
 */
const wsFrames = (tty: boolean): fc.Arbitrary<string> =>
  tty
    ? fc
        .tuple(fc.option(fc.oneof(wsControl, wsData), { nil: '' }), fc.array(fc.oneof(wsData, fc.constant(clientFrame(0x8, '\u0003\u00e8'))), { maxLength: 2 }))
        .map(([first, rest]) => first + rest.join(''))
    : fc.array(fc.oneof(wsData, wsControl), { maxLength: 3 }).map((frames) => frames.join(''));
const TTY_CONTAINERS = new Set(['at']);

/** The handshake's headers, one of each or none: x/net's checks, in the spellings a client may use. */
const wsHandshake = fc
  .record({
    Upgrade: fc.option(fc.constantFrom('websocket', 'WebSocket', 'tcp'), { nil: undefined }),
    Connection: fc.option(fc.constantFrom('Upgrade', 'keep-alive, upgrade', 'close'), { nil: undefined }),
    'Sec-WebSocket-Key': fc.option(fc.constantFrom('dGhlIHNhbXBsZSBub25jZQ==', 'x', ''), { nil: undefined }),
    'Sec-WebSocket-Version': fc.option(fc.constantFrom('13', '8', ''), { nil: undefined }),
    'Sec-WebSocket-Protocol': fc.option(fc.constantFrom('p1', ' p1 , p2', ','), { nil: undefined }),
  })
  .map((headers) =>
    Object.entries<string | undefined>(headers)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join(''),
  );
/** A handshake x/net takes, most of the time. */
const WS_OPEN = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';

const attachWs = (containers: fc.Arbitrary<string>, logs: fc.Arbitrary<string | undefined>): fc.Arbitrary<RawAsk> =>
  fc
    .record({
      version: fc.constantFrom('', '/v1.40', '/v1.41', '/v1.42', '/v1.44'),
      container: containers,
      query: attachQuery(logs),
      headers: fc.oneof({ weight: 3, arbitrary: fc.constant(WS_OPEN) }, { weight: 1, arbitrary: wsHandshake }),
      halfClose: fc.boolean(),
    })
    .chain((ask) => wsFrames(TTY_CONTAINERS.has(ask.container)).map((frames) => ({ ...ask, frames })))
    .map(({ version, container, query, headers, frames, halfClose }) => ({
      method: 'GET',
      path: `${version}/containers/${container}/attach/ws${query}`,
      headers,
      afterwards: { input: frames, halfClose },
    }));

/** since and until as moby reads them (seconds[.nanoseconds]) and what it refuses, in each release's words. */
const time = fc.option(
  fc.constantFrom('', '0', '1', '1.5', '1700000000.123456789', '1.', 'x', '1.x', '-1', '1e3', ' 1', '1.+5', '1.123456789012345678901', '99999999999999999999'),
  {
    nil: undefined,
  },
);
const accept = fc.option(
  fc.constantFrom('application/json', 'application/x-ndjson', 'application/jsonl', 'application/json-seq;q=0.5, application/x-ndjson', '*/*', 'application/*'),
  {
    nil: undefined,
  },
);

const logsRequests: fc.Arbitrary<RawAsk> = fc
  .record({
    version,
    container: fc.constantFrom('aj', 'at', 'al', 'an', 'ar', 'ctc-missing'),
    stdout: flag,
    stderr: flag,
    follow: flag,
    since: time,
    until: time,
    format: fc.option(fc.constantFrom('json', 'text', 'JSON', ''), { nil: undefined }),
    accept,
  })
  .map(({ version, container, accept, ...parameters }) => ({
    method: 'GET',
    path: `${version}/containers/${container}/logs${query(Object.entries(parameters).map(([key, value]) => [key, escaped(value)] as const))}`,
    headers: accept === undefined ? '' : `Accept: ${accept}\r\n`,
  }));

const rawRequest = (ask: RawAsk): string => `${ask.method} ${ask.path} HTTP/1.1\r\nHost: ctc\r\n${ask.headers}Content-Length: 0\r\n\r\n`;

/** The headers each side writes of its own (brand, clock, node's keep-alive), not the route's. */
const ownHeaders = /^(Date|Connection|Server|Docker-Experimental|Ostype|Api-Version): [^\r]*\r\n/gim;

/** What came back with the headers of each side's own taken out, and whether the daemon ended the connection. */
async function readRaw(client: HttpClient, ask: Ask): Promise<[string, boolean]> {
  const reply = await rawExchange(client, rawRequest(ask as RawAsk), 900, (ask as RawAsk).afterwards);
  return [reply.text.replace(ownHeaders, ''), reply.ended];
}

/** The attach and detach events since the setup, in order. */
async function attachEvents(client: HttpClient): Promise<string> {
  const filters = encodeURIComponent(JSON.stringify({ event: ['attach', 'detach'] }));
  // A moment past every event so far (rounded to the nearest ms it could fall before the last one), not far enough to wait for.
  const until = ((Date.now() + 2) / 1000).toFixed(3);
  const events = await sendOk(client, 'GET', `/events?since=${eventsSince.get(client) ?? '0'}&until=${until}&filters=${filters}`);
  return events
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${(JSON.parse(line) as { Action: string }).Action[0]}`)
    .join('');
}

const readAttach = async (client: HttpClient, ask: Ask): Promise<unknown> => [...(await readRaw(client, ask)), await attachEvents(client)];

checkAgainstObservedReleases(
  'attach to containers that run nothing',
  'ctc-attach-',
  attach(fc.constantFrom('aj', 'at', 'ao', 'al', 'ar', 'as', 'ap', 'ctc-missing'), flag),
  40,
  {
    setup,
    read: readAttach,
  },
);

// The releases' reader of the none driver's cache never ends: an attach with logs to such a
// container hangs after its head, with no event (and the logs of the containers there were then
// hang too, which ctrd-sim does not model: these requests are tried apart).
checkAgainstObservedReleases(
  'attach with logs to a container whose log driver is none',
  'ctc-attach-none-',
  attach(fc.constant('an'), fc.constantFrom('1', 'true', 'x')),
  4,
  {
    setup,
    read: readAttach,
  },
);

checkAgainstObservedReleases(
  'WebSocket attach to containers that run nothing',
  'ctc-attach-ws-',
  attachWs(fc.constantFrom('aj', 'at', 'ao', 'ar', 'as', 'ap', 'ai', 'ctc-missing'), flag),
  40,
  {
    setup,
    read: readAttach,
  },
);

checkAgainstObservedReleases(
  'WebSocket attach with logs to a container whose log driver is none',
  'ctc-attach-ws-none-',
  attachWs(fc.constant('an'), fc.constantFrom('1', 'true', 'x')),
  3,
  {
    setup,
    read: readAttach,
  },
);

checkAgainstObservedReleases('logs of containers that run nothing', 'ctc-logs-', logsRequests, 20, { setup, read: readRaw });
