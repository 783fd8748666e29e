import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, simClient } from './helpers/real-versus-sim.js';

/**
 * The /debug routes (simulator/engine/debug/): Go's expvar and net/http/pprof for ctrd-sim's own
 * process. What is compared is what a client relies on, not the process's figures: the status,
 * the headers a handler sets, and the document's shape (expvar's variables and MemStats' fields
 * in order, the index page's profiles, a profile's sample types, a text's first line with its
 * numbers as N, a trace's format). The table is what the releases answered; the property sends
 * generated requests to each real release and to ctrd-sim emulating it.
 */

/** One answer, its body as bytes. */
async function rawAnswer(client: HttpClient, ask: Ask): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const endpoint = client.endpoint;
  if (endpoint.kind !== 'unix') throw new Error('a unix socket is expected');
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath: endpoint.path,
        method: ask.method,
        path: ask.path,
        headers: { Host: 'ctrd', ...(ask.type === undefined ? {} : { 'Content-Type': ask.type }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error(`${ask.method} ${ask.path}: no answer in 20 s`)));
    request.on('error', reject);
    request.end(ask.body);
  });
}

/** The top-level varint or bytes fields of a protobuf message, by field number. */
function protobufFields(bytes: Buffer): Map<number, (bigint | Buffer)[]> {
  const fields = new Map<number, (bigint | Buffer)[]>();
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = bytes[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
  };
  while (at < bytes.length) {
    const key = Number(varint());
    let value: bigint | Buffer = varint();
    if ((key & 7) === 2) {
      value = bytes.subarray(at, at + Number(value));
      at += value.length;
    }
    fields.set(key >> 3, [...(fields.get(key >> 3) ?? []), value]);
  }
  return fields;
}

/** A pprof profile's shape: its sample types, period type and default sample type. */
function profileShape(gzipped: Buffer): string {
  const profile = protobufFields(gunzipSync(gzipped));
  const strings = (profile.get(6) ?? []).map((entry) => (entry as Buffer).toString());
  const valueType = (entry: bigint | Buffer): string => {
    const fields = protobufFields(entry as Buffer);
    return `${strings[Number(fields.get(1)?.[0] ?? 0n)]}/${strings[Number(fields.get(2)?.[0] ?? 0n)]}`;
  };
  const sampleTypes = (profile.get(1) ?? []).map(valueType).join(' ');
  const periodType = (profile.get(11) ?? []).map(valueType).join('');
  const defaultType = profile.get(14)?.[0];
  return `profile [${sampleTypes}] per ${periodType}${defaultType === undefined ? '' : ` default ${strings[Number(defaultType)]}`}`;
}

/** An index page's shape: its profiles in order, and whether it has go1.24's note on debug=1. */
function indexShape(page: string): string {
  const names = [...page.matchAll(/<a href='([^?']+)\?debug=1'>/g)].map((match) => match[1]);
  return `index ${names.join(' ')}${page.includes('Set debug=1 as a query parameter') ? ' +note' : ''}`;
}

/** An expvar document's shape: its variables and, for memstats, its fields in order. */
function expvarShape(text: string): string {
  const document = JSON.parse(text) as Record<string, unknown>;
  const cmdline = document['cmdline'];
  const words = Array.isArray(cmdline) && cmdline.length > 0 && cmdline.every((word) => typeof word === 'string') ? 'words' : 'not words';
  return `expvar ${Object.keys(document).join(',')} (cmdline ${words}; memstats ${Object.keys(document['memstats'] as object).join(',')})`;
}

/** What of a body is compared. */
function bodyShape(type: string, body: Buffer): string {
  if (body.length === 0) return 'empty';
  if (body[0] === 0x1f && body[1] === 0x8b) return profileShape(body);
  const text = body.toString('latin1');
  if (text.startsWith('go 1.')) return text.slice(0, 13);
  if (type.startsWith('text/html')) return indexShape(text);
  if (type.startsWith('application/json; charset=utf-8')) return expvarShape(text);
  if (type === 'application/json') return (JSON.parse(text) as { message: string }).message;
  if (text.includes('\u0000')) return 'words separated by NUL';
  return (text.split('\n')[0] ?? '').replace(/\d+/g, 'N');
}

/** The status, then the headers a handler sets and the body's shape. */
async function debugAnswer(client: HttpClient, ask: Ask): Promise<readonly [number, string]> {
  const { status, headers, body } = await rawAnswer(client, ask);
  const type = headers['content-type'] ?? '';
  const set = [type, headers['content-disposition'], headers['x-content-type-options'], headers['x-go-pprof'] === undefined ? undefined : 'X-Go-Pprof'];
  return [status, `${set.filter((value) => value !== undefined).join(' | ')} | ${bodyShape(type, body)}`];
}

const TEXT = 'text/plain; charset=utf-8 | nosniff';
const FILE = (name: string): string => `application/octet-stream | attachment; filename="${name}" | nosniff`;
const PPROF_ERROR = `${TEXT} | X-Go-Pprof`;
const PAGE_NOT_FOUND = 'application/json | page not found';
/** runtime.MemStats' fields as expvar writes them (observed alike on the four releases). */
const MEMSTATS =
  'Alloc,TotalAlloc,Sys,Lookups,Mallocs,Frees,HeapAlloc,HeapSys,HeapIdle,HeapInuse,HeapReleased,HeapObjects,StackInuse,StackSys,MSpanInuse,' +
  'MSpanSys,MCacheInuse,MCacheSys,BuckHashSys,GCSys,OtherSys,NextGC,LastGC,PauseTotalNs,PauseNs,PauseEnd,NumGC,NumForcedGC,GCCPUFraction,EnableGC,DebugGC,BySize';
const HEAP = 'profile [alloc_objects/count alloc_space/bytes inuse_objects/count inuse_space/bytes] per space/bytes';
const GO119_INDEX = 'index allocs block cmdline goroutine heap mutex profile threadcreate trace';

// Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-06 ('=': as the release before it).
const OBSERVED: Observed = [
  [
    { method: 'GET', path: '/debug/vars' },
    [200, `application/json; charset=utf-8 | expvar cmdline,memstats (cmdline words; memstats ${MEMSTATS})`],
    '=',
    '=',
    '=',
  ],
  [
    { method: 'GET', path: '/debug/pprof/' },
    [200, `text/html; charset=utf-8 | nosniff | ${GO119_INDEX}`],
    [200, 'text/html; charset=utf-8 | nosniff | index allocs block cmdline goroutine heap mutex profile symbol threadcreate trace +note'],
    [200, 'text/html; charset=utf-8 | nosniff | index allocs block cmdline goroutine goroutineleak heap mutex profile symbol threadcreate trace +note'],
    [200, 'text/html; charset=utf-8 | nosniff | index allocs block cmdline goroutine heap mutex profile symbol threadcreate trace +note'],
  ],
  [{ method: 'GET', path: '/debug/pprof/cmdline' }, [200, `${TEXT} | words separated by NUL`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/symbol?0x1+0x2+abc' }, [200, `${TEXT} | num_symbols: N`], '=', '=', '='],
  [{ method: 'POST', path: '/debug/pprof/symbol', type: 'text/plain', body: '0x1+0x2' }, [200, `${TEXT} | num_symbols: N`], '=', [404, PAGE_NOT_FOUND], '='],
  [{ method: 'DELETE', path: '/debug/pprof/symbol?0x5' }, [200, `${TEXT} | num_symbols: N`], '=', [404, PAGE_NOT_FOUND], '='],
  [{ method: 'GET', path: '/debug/pprof/heap' }, [200, `${FILE('heap')} | ${HEAP}`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/allocs' }, [200, `${FILE('allocs')} | ${HEAP} default alloc_space`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/heap?debug=1' }, [200, `${TEXT} | heap profile: N: N [N: N] @ heap/N`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/heap?debug=-1' }, [200, `${TEXT} | heap profile: N: N [N: N] @ heap/N`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/heap?debug=99999999999999999999' }, [200, `${TEXT} | heap profile: N: N [N: N] @ heap/N`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/heap?seconds=1;x' }, [200, `${FILE('heap')} | ${HEAP}`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/goroutine?debug=1' }, [200, `${TEXT} | goroutine profile: total N`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/goroutine?debug=2' }, [200, `${TEXT} | goroutine N [running]:`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/goroutine?debug=-1' }, [200, `${TEXT} | profile [goroutine/count] per goroutine/count`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/block?debug=1' }, [200, `${TEXT} | --- contention:`], '=', '=', '='],
  [
    { method: 'GET', path: '/debug/pprof/mutex' },
    [200, `${FILE('mutex')} | profile [contentions/count delay/nanoseconds] per contentions/count`],
    '=',
    '=',
    '=',
  ],
  [{ method: 'GET', path: '/debug/pprof/threadcreate?debug=1' }, [200, `${TEXT} | threadcreate profile: total N`], '=', '=', '='],
  [
    { method: 'GET', path: '/debug/pprof/goroutineleak' },
    [404, `${PPROF_ERROR} | Unknown profile`],
    '=',
    [200, `${FILE('goroutineleak')} | profile [goroutineleak/count] per goroutineleak/count`],
    [404, `${PPROF_ERROR} | Unknown profile`],
  ],
  [{ method: 'GET', path: '/debug/pprof/Heap' }, [404, `${PPROF_ERROR} | Unknown profile`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/heap?seconds=x' }, [400, `${PPROF_ERROR} | invalid value for "seconds" - must be a positive integer`], '=', '=', '='],
  [{ method: 'GET', path: '/debug/pprof/heap?seconds=1&debug=1' }, [400, `${PPROF_ERROR} | seconds and debug params are incompatible`], '=', '=', '='],
  [
    { method: 'GET', path: '/debug/pprof/threadcreate?seconds=9223372036854775807' },
    [200, `${FILE('threadcreate-delta')} | profile [threadcreate/count] per threadcreate/count`],
    '=',
    '=',
    '=',
  ],
  [
    { method: 'GET', path: '/debug/pprof/profile?seconds=9223372036854775807' },
    [200, `${FILE('profile')} | profile [samples/count cpu/nanoseconds] per cpu/nanoseconds`],
    '=',
    '=',
    '=',
  ],
  [
    { method: 'GET', path: '/debug/pprof/trace?seconds=NaN' },
    [200, `${FILE('trace')} | go 1.19 trace`],
    [200, `${FILE('trace')} | go 1.23 trace`],
    [200, `${FILE('trace')} | go 1.26 trace`],
    '=',
  ],
  [
    { method: 'GET', path: '/debug/pprof/trace?seconds=1e300' },
    [200, `${FILE('trace')} | go 1.19 trace`],
    [200, `${FILE('trace')} | go 1.23 trace`],
    [200, `${FILE('trace')} | go 1.26 trace`],
    '=',
  ],
  [
    { method: 'GET', path: '/v1.41/debug/vars' },
    [404, PAGE_NOT_FOUND],
    '=',
    [200, `application/json; charset=utf-8 | expvar cmdline,memstats (cmdline words; memstats ${MEMSTATS})`],
    '=',
  ],
  [{ method: 'HEAD', path: '/debug/vars' }, [200, 'application/json; charset=utf-8 | empty'], '=', [404, 'application/json | empty'], '='],
  [{ method: 'POST', path: '/debug/pprof/heap' }, [200, `${FILE('heap')} | ${HEAP}`], '=', [404, PAGE_NOT_FOUND], '='],
];

checkObserved('the /debug routes answer as each release did', 'ctc-debug-', OBSERVED, debugAnswer);

/** The releases' words for a second CPU profile or trace while one runs (observed 2026-12-06). */
const BUSY: readonly (readonly [release: string, trace: string])[] = [
  ['20.10', 'runtime error: tracing is already enabled'],
  ['26.1', 'runtime error: tracing is already enabled'],
  ['28.5', 'execution tracer already enabled'],
  ['29.7', 'execution tracer already enabled'],
];

t.test('one CPU profile and one trace at a time, freed when their client goes', async (t) => {
  for (const [release, traceBusy] of BUSY) {
    const client = await simClient(t, 'ctc-debug-', release);
    const text = async (path: string): Promise<[number, string]> => {
      const answer = await rawAnswer(client, { method: 'GET', path });
      return [answer.status, answer.body.toString()];
    };
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = text('/debug/pprof/profile?seconds=1');
    await later(200);
    t.same(
      await text('/debug/pprof/profile?seconds=1'),
      [500, 'Could not enable CPU profiling: cpu profiling already in use\n'],
      `${release}: a second profile`,
    );
    t.equal((await first)[0], 200, `${release}: the first profile`);
    const trace = text('/debug/pprof/trace?seconds=1');
    await later(200);
    t.same(await text('/debug/pprof/trace?seconds=1'), [500, `Could not enable tracing: ${traceBusy}\n`], `${release}: a second trace`);
    t.equal((await trace)[0], 200, `${release}: the first trace`);
    // A client that goes ends the wait (Go's handlers sleep on the request's context): the profiler is free again.
    const gone = http.get({ socketPath: (client.endpoint as { path: string }).path, path: '/debug/pprof/profile?seconds=600', headers: { Host: 'ctrd' } });
    gone.on('error', () => {});
    await later(300);
    gone.destroy();
    await later(300);
    t.equal((await text('/debug/pprof/profile?seconds=9223372036854775807'))[0], 200, `${release}: a profile after its client went`);
  }
});

/** The profiles' names: the runtime's, the handlers' own, and names no Go has. */
const profileName = fc.oneof(
  fc.constantFrom('heap', 'allocs', 'goroutine', 'block', 'mutex', 'threadcreate', 'goroutineleak', 'cmdline', 'symbol'),
  fc.string({ unit: fc.constantFrom(...'heapGx-._'), minLength: 1, maxLength: 6 }),
);
/** `debug` and `gc` as strconv.Atoi reads them. */
const atoiValue = fc.constantFrom('', '0', '1', '2', '-1', 'x', ' 1', '+1', '99999999999999999999');
/** `seconds` of a delta: an int64 (only those that wait no longer than a second: 1, and those Go's Duration wraps to the past). */
const deltaSeconds = fc.constantFrom('', 'x', '0', '-1', '1.5', '1', '9223372036854775807', '9223372036854775806');
/** `seconds` of a CPU profile that waits a second at most (others wait 30). */
const profileSeconds = fc.constantFrom('1', '9223372036854775807', '9223372036854775806');
/** `seconds` of a trace: a float64 (not one above 0 waits 1 s; NaN and values beyond int64 nanoseconds none). */
const traceSeconds = fc.constantFrom('', 'x', '-2', '0', '0.2', '1e-3', 'NaN', 'nan', 'Inf', '+inf', '1e300', '0x1p-3');
const pair = (key: string, value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.option(
    value.map((v) => `${key}=${encodeURIComponent(v)}`),
    { nil: '' },
  );
const query = (...pairs: fc.Arbitrary<string>[]): fc.Arbitrary<string> =>
  fc.tuple(...pairs).map((parts) => {
    const given = parts.filter((part) => part !== '');
    return given.length === 0 ? '' : `?${given.join('&')}`;
  });

const route = fc.oneof(
  fc.constant('/debug/vars'),
  fc.constant('/debug/pprof/'),
  fc.constant('/debug/pprof/cmdline'),
  fc.constantFrom('/debug/pprof/symbol', '/debug/pprof/symbol?0x1', '/debug/pprof/symbol?0x1+0x2+x', '/debug/pprof/symbol?+'),
  profileSeconds.map((seconds) => `/debug/pprof/profile?seconds=${seconds}`),
  query(pair('seconds', traceSeconds)).map((q) => `/debug/pprof/trace${q}`),
  fc.tuple(profileName, query(pair('debug', atoiValue), pair('gc', atoiValue))).map(([name, q]) => `/debug/pprof/${name}${q}`),
  fc.tuple(profileName, query(pair('seconds', deltaSeconds), pair('debug', atoiValue))).map(([name, q]) => `/debug/pprof/${name}${q}`),
);
const request: fc.Arbitrary<Ask> = fc
  .record({
    route,
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'),
    prefix: fc.constantFrom('', '', '/v1.24', '/v1.41', '/v1.45', '/v1.51', '/v1.55', '/v1.99', '/v1.12'),
    body: fc.option(fc.constantFrom('0x1+0x2', 'x', ''), { nil: undefined }),
  })
  .map(({ route, method, prefix, body }) => ({
    method,
    path: `${prefix}${route}`,
    ...(method === 'POST' && body !== undefined ? { type: 'text/plain', body } : {}),
  }));

checkAgainstRealReleases('the /debug routes', 'ctc-debug-', request, 150, { read: debugAnswer });
