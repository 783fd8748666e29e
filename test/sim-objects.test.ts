import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import { send, type Reply } from './helpers/unix-send.js';
import { startInProcessSim } from './helpers/in-process-sim.js';
import { tarball } from '../suites/deprecations/image-tarball.js';

/**
 * ctrd-sim's image import with what a client may send it: tarballs, gzip, not a tarball at all,
 * nothing, more than it keeps, and changes it does not know. Every answer is a proper HTTP answer
 * with dockerd's words, and the daemon keeps serving.
 */
async function simulator(t: { teardown(fn: () => unknown): void }, release: string): Promise<string> {
  return (await startInProcessSim(t, 'ctc-objects-', ['--emulate', release, '--brand', 'docker'])).socket;
}

const message = (reply: Reply): unknown => (JSON.parse(reply.body) as { message?: unknown }).message;

t.test('an import answers every body properly, in the words of the release', async (t) => {
  for (const [release, badTar] of [
    ['20.10', 'Error processing tar file(exit status 1): archive/tar: invalid tar header'],
    ['28.5', 'archive/tar: invalid tar header'],
  ] as const) {
    const socket = await simulator(t, release);
    const layer = await tarball([{ type: 'file', name: 'f', content: Buffer.from('x\n') }]);
    const plain = await send(socket, 'POST', '/images/create?fromSrc=-&repo=ctc/t&tag=1', layer);
    t.equal(plain.status, 200, `${release}: a tarball is imported`);
    t.match(plain.body, /^\{"status":"sha256:[0-9a-f]{64}"\}/);
    t.equal((await send(socket, 'POST', '/images/create?fromSrc=-', gzipSync(layer))).status, 200, `${release}: so is a gzipped one`);
    t.equal((await send(socket, 'POST', '/images/create?fromSrc=-', Buffer.alloc(0))).status, 200, `${release}: an empty body is an empty layer (as dockerd)`);
    const junk = await send(socket, 'POST', '/images/create?fromSrc=-', Buffer.from('this is not a tarball, not at all'.repeat(40)));
    t.same([junk.status, message(junk)], [500, badTar], `${release}: a body that is no tarball is 500 with dockerd's words`);
    const bomb = await send(socket, 'POST', '/images/create?fromSrc=-', gzipSync(Buffer.alloc(80 * 1024 * 1024)));
    t.equal(bomb.status, 413, `${release}: a layer that unpacks beyond what ctrd-sim keeps in memory is refused, not held`);
    const change = await send(socket, 'POST', `/images/create?fromSrc=-&changes=${encodeURIComponent('RUN x')}`, layer);
    t.same(
      [change.status, message(change)],
      [400, release === '20.10' ? 'run is not a valid change command' : 'RUN is not a valid change command'],
      `${release}: an instruction imports cannot take`,
    );
    t.equal((await send(socket, 'GET', '/_ping')).status, 200, `${release}: and the daemon keeps serving`);
  }
});

t.test('random bodies never break an import: 200 or 500, and the daemon serves on', async (t) => {
  const socket = await simulator(t, '28.5');
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
      const reply = await send(socket, 'POST', '/images/create?fromSrc=-', Buffer.from(bytes));
      return (reply.status === 200 || reply.status === 500) && typeof message(reply) !== 'object';
    }),
    { numRuns: 200, seed: 20261125 },
  );
  t.equal((await send(socket, 'GET', '/_ping')).status, 200);
});
