import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { HttpClient, HttpClientError, type HttpReply } from '../suites/http/client.js';
import { ReplayTarget } from '../suites/targets/replay-target.js';
import { readTranscript, TRANSCRIPT_FORMAT, TRANSCRIPT_LIMITS, TranscriptRecorder, writeTranscript, type Transcript } from '../suites/targets/transcript.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/transcripts/', import.meta.url));
const out = mkdtempSync('/tmp/ctc-transcript-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));

const reply = (body: string, status = 200): HttpReply => ({ status, headers: { 'content-type': 'text/plain', date: 'now' }, body });
const meta = { recordedFrom: 'test', profile: 'ctr' as const, seed: 1, numRuns: 2 };

t.test('the recorder keeps distinct exchanges, request bodies included, and cuts bodies', async (t) => {
  const recorder = new TranscriptRecorder({ bodyBytes: 8, exchanges: 3, totalBodyBytes: 1_000 });
  recorder.observe('GET', '/a', reply('short'));
  recorder.observe('GET', '/a', reply('short'));
  recorder.observe('POST', '/b', reply('ok'), { body: Buffer.from('{"x":1}') });
  recorder.observe('POST', '/b', reply('ok'), { body: Buffer.from('{"x":2, "long": true}') });
  recorder.observe('GET', '/c', reply('0123456789abcdef'));
  recorder.observe('GET', '/d', reply('too many'));
  const transcript = recorder.transcript(meta);
  t.equal(transcript.format, TRANSCRIPT_FORMAT);
  t.same(
    transcript.exchanges.map((e) => [e.method, e.path, e.body, e.truncated ?? false, e.requestBody ?? null, e.requestTruncated ?? false]),
    [
      ['GET', '/a', 'short', false, null, false],
      ['POST', '/b', 'ok', false, '{"x":1}', false],
      ['POST', '/b', 'ok', false, '{"x":2, ', true],
    ],
  );
  t.same(transcript.exchanges[0]!.headers, { 'content-type': 'text/plain' }, 'date and hop-by-hop headers are left out');
  t.equal(transcript.notes?.length, 1);
  t.match(transcript.notes?.[0], /2 further distinct exchange\(s\) were not recorded: a transcript keeps at most 3 exchanges/);

  const cut = new TranscriptRecorder({ bodyBytes: 8, exchanges: 10, totalBodyBytes: 1_000 });
  cut.observe('GET', '/c', reply('0123456789abcdef'));
  cut.observe('GET', '/é', reply('ééééé'));
  cut.observe('GET', '/t', { ...reply('abc'), truncated: true });
  const exchanges = cut.transcript(meta).exchanges;
  t.same(
    exchanges.map((e) => [e.body, e.truncated]),
    [
      ['01234567', true],
      ['abc', true],
      ['éééé', true],
    ],
    'cut at the byte cap, never in a character; a reply the client cut stays marked',
  );
  t.match(cut.transcript(meta).notes, [/3 answer body\(ies\) were cut at 8 bytes/]);
});

t.test('a target sending big answers cannot grow a transcript without bound', async (t) => {
  const recorder = new TranscriptRecorder();
  const big = 'x'.repeat(400 * 1024);
  const distinct = Math.ceil(TRANSCRIPT_LIMITS.totalBodyBytes / TRANSCRIPT_LIMITS.bodyBytes) + 50;
  for (let i = 0; i < distinct; i++) recorder.observe('GET', `/v1.${i}/images/get`, reply(big));
  for (let i = 0; i < 1_000; i++) recorder.observe('GET', `/v1.0/images/get`, reply(big));
  const transcript = recorder.transcript(meta);
  const bodies = transcript.exchanges.reduce((sum, e) => sum + e.body.length, 0);
  t.ok(bodies <= TRANSCRIPT_LIMITS.totalBodyBytes, `bodies total ${bodies} bytes`);
  t.ok(transcript.exchanges.every((e) => e.body.length <= TRANSCRIPT_LIMITS.bodyBytes && e.truncated === true));
  t.equal(transcript.notes?.length, 2, 'both caps are noted');
  const file = join(out, 'big.json.gz');
  writeTranscript(file, transcript);
  t.ok(statSync(file).size < 10 * 1024 * 1024, `written: ${statSync(file).size} bytes`);
});

t.test('format /2 round trip; /1 files are still read', async (t) => {
  const file = join(out, 'two.json');
  const recorder = new TranscriptRecorder();
  recorder.observe('POST', '/x', reply('ok'), { body: Buffer.from('{"a":1}') });
  writeTranscript(file, recorder.transcript(meta));
  const back = readTranscript(file);
  t.equal(back.format, 'ctr-conformance-transcript/2');
  t.equal(back.exchanges[0]!.requestBody, '{"a":1}');
  // A file as format /1 wrote it: no request bodies, no truncation marks, no notes.
  const v1 = join(out, 'one.json');
  writeFileSync(
    v1,
    JSON.stringify({
      format: 'ctr-conformance-transcript/1',
      ...meta,
      exchanges: [{ method: 'GET', path: '/_ping', status: 200, headers: { 'api-version': '1.51' }, body: 'OK' }],
    }),
  );
  const old = readTranscript(v1);
  t.equal(old.format, 'ctr-conformance-transcript/1');
  t.same(
    old.exchanges.map((e) => [e.method, e.path, e.status, e.body]),
    [['GET', '/_ping', 200, 'OK']],
  );
  writeTranscript(join(out, 'bad.json'), { ...back, exchanges: [{ ...back.exchanges[0]!, requestBody: 3 as unknown as string }] });
  t.throws(() => readTranscript(join(out, 'bad.json')), { code: 'TARGET_TRANSCRIPT' });
});

t.test('a replay matches on method, path and the recorded request body; a cut answer is an error', async (t) => {
  const transcript: Transcript = {
    format: TRANSCRIPT_FORMAT,
    ...meta,
    exchanges: [
      { method: 'GET', path: '/a', status: 200, headers: { 'content-type': 'text/plain' }, body: 'A' },
      { method: 'POST', path: '/b', status: 201, headers: {}, body: 'one', requestBody: '{"x":1}' },
      { method: 'POST', path: '/b', status: 202, headers: {}, body: 'two', requestBody: '{"x":2}' },
      { method: 'POST', path: '/b', status: 203, headers: {}, body: 'long', requestBody: '{"long":"ab', requestTruncated: true },
      { method: 'GET', path: '/big', status: 200, headers: {}, body: 'xxxx', truncated: true },
    ],
  };
  const started = await new ReplayTarget('replay:test', transcript).start();
  if (!started.ok) throw new Error(started.output);
  const client = new HttpClient(started.instance.endpoint);
  t.teardown(async () => {
    client.close();
    await started.instance.stop();
  });
  const code = async (run: () => Promise<unknown>): Promise<string> => {
    try {
      await run();
      return 'none';
    } catch (error) {
      return error instanceof HttpClientError ? error.code : String(error);
    }
  };
  t.equal((await client.request('GET', '/a')).body, 'A');
  t.equal((await client.request('POST', '/b', { json: { x: 1 } })).status, 201);
  t.equal((await client.request('POST', '/b', { json: { x: 2 } })).status, 202);
  t.equal((await client.request('POST', '/b', { body: '{"long":"abcdefgh"}' })).status, 203, 'a cut request body matches as a prefix');
  t.equal(await code(() => client.request('POST', '/b', { json: { x: 3 } })), 'HTTP_NOT_RECORDED', 'another body was not recorded');
  t.equal(await code(() => client.request('GET', '/big')), 'HTTP_NOT_RECORDED', 'a cut answer is never replayed as if whole');
  t.equal(await code(() => client.request('OPTIONS', '/a')), 'HTTP_NOT_RECORDED');
});

t.test('a /1 recording replays on method and path', async (t) => {
  const transcript = readTranscript(join(FIXTURES, 'dockerd-28.5.json.gz'));
  const started = await new ReplayTarget('replay:fixture', transcript).start();
  if (!started.ok) throw new Error(started.output);
  const client = new HttpClient(started.instance.endpoint);
  t.teardown(async () => {
    client.close();
    await started.instance.stop();
  });
  const version = await client.request('GET', '/version');
  t.equal(version.status, 200);
  t.match(JSON.parse(version.body), { Version: /^28\.5\./ });
});
