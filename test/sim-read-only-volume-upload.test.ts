import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { withObservedReleases } from './helpers/real-versus-sim.js';
import { replayParameters } from './helpers/replay.js';
import { type UstarEntry, ustar } from './helpers/ustar.js';

/**
 * Uploads into a volume its driver mounts read-only (simulator/engine/containers/
 * read-only-extraction.ts): a tmpfs and a bind of a host directory, both mounted `ro`, each under a
 * container; generated tars of one to three entries (files, directories, a nested file, symbolic
 * and hard links, a fifo, the point itself, names that exist in the bind's directory and names
 * that do not), at the volume or a directory in it, with copyUIDGID or not, sent to each observed
 * release and to ctrd-sim emulating it, in a private network namespace. Compared: each answer's
 * status and words; and afterwards, that the bound host directory holds what it held.
 */

const HOST = { real: '/tmp/ctc-rov-real', sim: '/tmp/ctc-rov-sim' } as const;
/** What the bound directory holds: a file and a directory the entries may name again. */
const HELD = ['old', 'olddir'];

const entry = fc.constantFrom<UstarEntry>(
  { name: 'f', type: 'file', content: 'x' },
  { name: 'old', type: 'file', content: 'x' },
  { name: 'd/', type: 'directory' },
  { name: 'olddir/', type: 'directory' },
  { name: 'old/', type: 'directory' },
  { name: './', type: 'directory' },
  { name: 'sub/f', type: 'file', content: 'x' },
  { name: 'olddir/f', type: 'file', content: 'x' },
  { name: 'l', type: 'symlink', target: 'x' },
  { name: 'old2', type: 'hardlink', target: 'old' },
  { name: 'p', type: 'fifo' },
);
const upload = fc.record({
  container: fc.constantFrom('ctc-rov-t', 'ctc-rov-b'),
  below: fc.constantFrom('', '', '/olddir'),
  entries: fc.array(entry, { minLength: 1, maxLength: 3 }),
  copyUIDGID: fc.boolean(),
});

type Upload = typeof upload extends fc.Arbitrary<infer T> ? T : never;

/** The answer's status and words, the side's host directory and the volumes' directories as words. */
async function put(client: HttpClient, host: string, u: Upload): Promise<[number, string]> {
  const query = `path=/data${u.below}${u.copyUIDGID ? '&copyUIDGID=1' : ''}`;
  const reply = await client.request('PUT', `/containers/${u.container}/archive?${query}`, {
    headers: { 'Content-Type': 'application/x-tar' },
    body: ustar(u.entries),
    timeoutMs: 20_000,
  });
  const text = reply.body.trim();
  const message = text === '' ? '' : ((JSON.parse(text) as { message?: string }).message ?? text);
  return [reply.status, message.replaceAll(host, '<host>').replace(/\/\S*\/volumes\/ctcrov[tb]\/_data/g, '<volume>')];
}

/** Both sides' volumes and containers: a read-only tmpfs under ctc-rov-t, a read-only bind of `<host>/full` under ctc-rov-b. */
async function setup(client: HttpClient, host: string): Promise<void> {
  await importBusybox(client);
  const volumes = { ctcrovt: { type: 'tmpfs', device: 'tmpfs', o: 'ro' }, ctcrovb: { type: 'none', device: `${host}/full`, o: 'bind,ro' } };
  for (const [name, options] of Object.entries(volumes)) {
    await sendOk(client, 'POST', '/volumes/create', JSON.stringify({ Name: name, DriverOpts: options }));
    const container = name === 'ctcrovt' ? 'ctc-rov-t' : 'ctc-rov-b';
    const body = {
      Image: 'ctc-img:1',
      Cmd: ['/bin/busybox', 'true'],
      HostConfig: { NetworkMode: 'none', Mounts: [{ Type: 'volume', Source: name, Target: '/data' }] },
    };
    await sendOk(client, 'POST', `/containers/create?name=${container}`, JSON.stringify(body));
  }
}

withObservedReleases('uploads into a read-only volume', 'ctc-rovolume-', { isolated: true, runsContainers: true }, async (t, release, real, sim) => {
  for (const host of Object.values(HOST)) {
    rmSync(host, { recursive: true, force: true });
    mkdirSync(`${host}/full/olddir`, { recursive: true });
    writeFileSync(`${host}/full/old`, 'abc');
  }
  t.teardown(() => {
    for (const host of Object.values(HOST)) rmSync(host, { recursive: true, force: true });
  });
  await Promise.all([setup(real, HOST.real), setup(sim, HOST.sim)]);
  const statuses = new Set<number>();
  await fc.assert(
    fc.asyncProperty(upload, async (u) => {
      const [fromReal, fromSim] = await Promise.all([put(real, HOST.real, u), put(sim, HOST.sim, u)]);
      statuses.add(fromReal[0]);
      if (JSON.stringify(fromReal) !== JSON.stringify(fromSim))
        throw new Error(`${JSON.stringify(u)}\n  dockerd ${release}: ${JSON.stringify(fromReal)}\n  ctrd-sim: ${JSON.stringify(fromSim)}`);
    }),
    // The point itself alone writes nothing: taken.
    {
      numRuns: 40,
      examples: [[{ container: 'ctc-rov-b', below: '', entries: [{ name: './', type: 'directory' }], copyUIDGID: false }]],
      ...replayParameters(),
    },
  );
  t.ok(statuses.has(500) && statuses.has(200), `uploads were refused and taken: ${[...statuses].join(', ')}`);
  for (const host of Object.values(HOST)) t.same(readdirSync(`${host}/full`).sort(), HELD, `${host}/full holds what it held`);
});
