import fc from 'fast-check';
import t from 'tap';
import { type FsEntry, packTar, rdevOf, readTar, withTypeBitsInModes } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * GET /containers/{name}/export (simulator/engine/containers/export.ts): the image's entries, the
 * init layer's above them, the init's mount point once the container ran under one; on 20.10 the
 * modes carry the file type. The property exports a container made and one running under an init
 * from each real release and from ctrd-sim emulating it, and compares every entry but its time.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  await sendOk(
    client,
    'POST',
    '/containers/create?name=ctc-made',
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } }),
  );
  await sleeper(client, 'ctc-ran');
  await sendOk(client, 'POST', '/containers/ctc-ran/start');
  return {};
}

/** The status, the type and each entry (type, path, size, mode, link), or the refusal. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.stream(ask.method, ask.path, { timeoutMs: 30_000 });
  const chunks: Buffer[] = [];
  for await (const chunk of reply.chunks()) chunks.push(chunk);
  if (reply.status !== 200) return statusAndMessage(client, ask);
  const entries = await readTar(Buffer.concat(chunks));
  return [reply.status, reply.headers['content-type'], entries.map((e) => `${e.type} ${e.path} ${e.size} ${e.mode.toString(8)} ${e.linkname}`)];
}

const request: fc.Arbitrary<Ask> = fc
  .tuple(fc.constantFrom('', '/v1.41'), fc.constantFrom('ctc-made', 'ctc-ran', 'nosuch', 'ctc-made/x'))
  .map(([prefix, name]) => ({ method: 'GET', path: `${prefix}/containers/${name}/export` }));

checkAgainstRealReleases('container exports', 'ctc-export-', request, 12, { setup, read });

t.test("20.10's modes: every header takes its type's bits, and nothing else of the tarball changes", async () => {
  const entry = fc.record({
    name: fc.constantFrom('a', 'dir', 'dir/b', 'link'),
    type: fc.constantFrom<FsEntry['type']>('file', 'directory', 'symlink', 'fifo', 'char', 'block'),
    devices: fc.tuple(fc.integer({ min: 0, max: 0o7777 }), fc.integer({ min: 0, max: 0o7777 })),
    mode: fc.integer({ min: 0, max: 0o7777 }),
    content: fc.uint8Array({ maxLength: 1200 }),
  });
  await fc.assert(
    fc.asyncProperty(fc.uniqueArray(entry, { maxLength: 5, selector: (e) => e.name }), async (made) => {
      const entries = made.map((e) => ({
        name: e.name,
        path: `/${e.name}`,
        type: e.type,
        mode: e.mode,
        mtime: new Date(0),
        linkname: e.type === 'symlink' ? 'target' : '',
        content: e.type === 'file' ? Buffer.from(e.content) : Buffer.alloc(0),
        size: e.type === 'file' ? e.content.length : 0,
        ...(e.type === 'char' || e.type === 'block' ? { devmajor: e.devices[0], devminor: e.devices[1] } : {}),
      }));
      const plain = await readTar(await packTar(entries));
      const typed = await readTar(withTypeBitsInModes(await packTar(entries)));
      // As 20.10.24 wrote them (observed 2026-12-07).
      const bits = { file: 0o100000, directory: 0o40000, symlink: 0o120000, fifo: 0o10000, char: 0o20000, block: 0o60000 };
      if (typed.length !== plain.length) throw new Error('entries lost');
      typed.forEach((e, i) => {
        const p = plain[i]!;
        const same =
          e.path === p.path && e.type === p.type && e.content.equals(p.content) && e.linkname === p.linkname && rdevOf(e).join() === rdevOf(p).join();
        if (e.mode !== (p.mode | bits[p.type]) || !same) throw new Error(`${p.path}: ${e.mode.toString(8)}`);
      });
    }),
  );
});
