import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { withObservedReleases } from './helpers/real-versus-sim.js';
import { type UstarEntry, ustar } from './helpers/ustar.js';

/**
 * PUT /containers/{name}/archive with noOverwriteDirNonDir (simulator/engine/containers/extract-upload.ts):
 * an entry that would replace a directory by another type, or the reverse, is refused after the
 * entries before it were written. Generated uploads (fresh files, then an entry over a directory
 * or a file of the container) with the flag in the spellings moby's BoolValue reads as true, sent to
 * each observed release and to ctrd-sim; the answer and the container's changes compared.
 */

const CONTAINER = 'ctc-noover';

/** Entries over what the container has at each point: directories given as files or links, files given as directories. */
const CONFLICTS: Readonly<Record<string, readonly UstarEntry[]>> = {
  '/': [
    { name: 'bin', type: 'file', content: 'x' },
    { name: 'etc', type: 'symlink', target: 'bin' },
    { name: '.dockerenv/', type: 'directory' },
    { name: 'etc/hostname/', type: 'directory' },
    { name: './dev', type: 'file', content: 'y' },
  ],
  '/etc': [
    { name: 'hostname/', type: 'directory' },
    { name: 'hosts/', type: 'directory' },
  ],
};

const upload = fc.constantFrom(...Object.keys(CONFLICTS)).chain((point) =>
  fc.record({
    point: fc.constant(point),
    fresh: fc.array(fc.stringMatching(/^ctc-[a-z]{1,3}$/), { maxLength: 2 }),
    conflict: fc.constantFrom(...(CONFLICTS[point] ?? [])),
    flag: fc.constantFrom('1', 'true', 'True', 'x', 'yes'),
  }),
);

/** The answer and the container's changes (sorted: the releases list them in Go's map order). */
async function send(client: HttpClient, u: { point: string; fresh: string[]; conflict: UstarEntry; flag: string }): Promise<unknown> {
  const entries: UstarEntry[] = [...u.fresh.map((name): UstarEntry => ({ name, type: 'file', content: name })), u.conflict];
  const reply = await client.request('PUT', `/containers/${CONTAINER}/archive?path=${encodeURIComponent(u.point)}&noOverwriteDirNonDir=${u.flag}`, {
    headers: { 'Content-Type': 'application/x-tar' },
    body: ustar(entries),
    timeoutMs: 10_000,
  });
  const changes = JSON.parse((await client.request('GET', `/containers/${CONTAINER}/changes`, { timeoutMs: 10_000 })).body) as
    | { Path: string; Kind: number }[]
    | null;
  const sorted = (changes ?? []).map(({ Path, Kind }) => `${Kind} ${Path}`).sort();
  return [reply.status, reply.body.trim(), sorted];
}

withObservedReleases('uploads refused by noOverwriteDirNonDir', 'ctc-noover-', {}, async (_t, release, real, sim) => {
  for (const client of [real, sim]) {
    await importBusybox(client);
    await sendOk(
      client,
      'POST',
      `/containers/create?name=${CONTAINER}`,
      JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } }),
    );
  }
  await fc.assert(
    fc.asyncProperty(upload, async (u) => {
      const [fromReal, fromSim] = await Promise.all([send(real, u), send(sim, u)]);
      if (JSON.stringify(fromReal) !== JSON.stringify(fromSim))
        throw new Error(`${JSON.stringify(u)}\n  dockerd ${release}: ${JSON.stringify(fromReal)}\n  ctrd-sim: ${JSON.stringify(fromSim)}`);
    }),
    { numRuns: 30 },
  );
});
