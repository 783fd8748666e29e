import fc from 'fast-check';
import t from 'tap';
import { tarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, askText, checkAgainstRealReleases, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * PUT /containers/{name}/archive (simulator/engine/containers/archive-put.ts) on a container never
 * started: the refusals before any extraction, as 20.10.24, 26.1.5 and 28.5.2 answered them
 * (2026-12-05). The property sends uploads the releases refuse or that hold no entry, and checks
 * the container changed nothing; what uploads with entries write is test/sim-container-archive-upload.test.ts's.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  const config = { Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } };
  await sendOk(client, 'POST', '/containers/create?name=ctc-put', JSON.stringify(config));
  return {};
}

/** The status and message, the container's merged directory (each side's own) named alike. */
async function read(client: HttpClient, ask: Ask): Promise<readonly [number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, message.replace(/^lstat \S*\/overlay2\/[0-9a-f]{64}\/merged\//, 'lstat {merged}/')];
}

const put = (name: string, query: string): Ask => ({ method: 'PUT', path: `/containers/${name}/archive${query}`, type: 'application/x-tar' });

const NOT_DIRECTORY = 'extraction point is not a directory';

/** [request, 20.10.24, 26.1.5, 28.5.2]: each sent with a small tar of one file. */
const OBSERVED: readonly (readonly [Ask, readonly [number, string], readonly [number, string], readonly [number, string]])[] = [
  [put('ctc-put', ''), [400, 'bad parameter: pathcannot be empty'], [400, 'bad parameter: pathcannot be empty'], [400, 'bad parameter: pathcannot be empty']],
  [put('nosuch', ''), [400, 'bad parameter: pathcannot be empty'], [400, 'bad parameter: pathcannot be empty'], [400, 'bad parameter: pathcannot be empty']],
  [put('nosuch', '?path=/'), [404, 'No such container: nosuch'], [404, 'No such container: nosuch'], [404, 'No such container: nosuch']],
  [
    put('ctc-put', '?path=nosuch'),
    [404, 'Could not find the file nosuch in container ctc-put'],
    [404, 'Could not find the file nosuch in container ctc-put'],
    [404, 'Could not find the file nosuch in container ctc-put'],
  ],
  [
    put('ctc-put', '?path=/nosuch/a'),
    [404, 'Could not find the file /nosuch/a in container ctc-put'],
    [404, 'Could not find the file /nosuch/a in container ctc-put'],
    [404, 'Could not find the file /nosuch/a in container ctc-put'],
  ],
  [put('ctc-put', '?path=/etc/hostname'), [500, NOT_DIRECTORY], [500, NOT_DIRECTORY], [400, NOT_DIRECTORY]],
  [put('ctc-put', '?path=/bin/busybox'), [500, NOT_DIRECTORY], [500, NOT_DIRECTORY], [400, NOT_DIRECTORY]],
  // The last component's symlink is followed: /bin/sh names busybox.
  [put('ctc-put', '?path=/bin/sh'), [500, NOT_DIRECTORY], [500, NOT_DIRECTORY], [400, NOT_DIRECTORY]],
  // From 24.0 the trailing separator is kept for the lstat; 20.10 cleans it away.
  [
    put('ctc-put', '?path=/etc/hostname/'),
    [500, NOT_DIRECTORY],
    [500, 'lstat /etc/hostname/: not a directory'],
    [500, 'lstat /etc/hostname/: not a directory'],
  ],
  [put('ctc-put', '?path=/bin/busybox/x'), [500, 'lstat {merged}/bin/busybox/x: not a directory'], [500, 'not a directory'], [500, 'not a directory']],
  // Bodies with no entry extract nothing; what is no tar is Go's archive/tar error.
  [{ ...put('ctc-put', '?path=/etc'), body: '' }, [200, ''], [200, ''], [200, '']],
  [{ ...put('ctc-put', '?path=/'), body: '\0'.repeat(1024) }, [200, ''], [200, ''], [200, '']],
  [
    { ...put('ctc-put', '?path=/'), body: 'hello world, this is no tar' },
    [500, 'Error processing tar file(exit status 1): unexpected EOF'],
    [500, 'unexpected EOF'],
    [500, 'unexpected EOF'],
  ],
  [
    { ...put('ctc-put', '?path=/'), body: 'A'.repeat(600) },
    [500, 'Error processing tar file(exit status 1): archive/tar: invalid tar header'],
    [500, 'archive/tar: invalid tar header'],
    [500, 'archive/tar: invalid tar header'],
  ],
];

t.test('the observed refusals, on ctrd-sim emulating each release', async (t) => {
  // A tar of ASCII bytes only: as a string it is sent unchanged.
  const body = (await tarball([{ type: 'file', name: 'hello', content: Buffer.from('hi\n') }])).toString('latin1');
  for (const [index, release] of (['20.10', '26.1', '28.5'] as const).entries()) {
    const client = await simClient(t, 'ctc-arcput-', release);
    await setup(client);
    for (const [ask, ...answers] of OBSERVED) {
      const [status, message] = await read(client, { ...ask, body: ask.body ?? body });
      t.same([status, message], answers[index], `${release}: ${askText(ask)}`);
    }
  }
});

/** Paths no release extracts into: missing, through a file, files, symlinks to files or to nothing. */
const refusedPath = fc.oneof(
  fc.constantFrom('', 'nosuch', '/nosuch/a', '/etc/hostname', 'etc/hostname', '/bin/sh', '/bin/busybox', '/etc/../bin/sh', '/etc/mtab'),
  fc.constantFrom('/.dockerenv', '/dev/console', '/etc/ctc-release', '/bin/busybox/x', '/etc/mtab/x', '/bin/sh/x/y', '/etc/hostname/', '/.dockerenv/x'),
  fc.stringMatching(/^[a-z]{1,6}$/).map((name) => `/etc/${name}-x`),
);

/** Directories of the image and of the init layer, some named through `..` or relative. */
const directory = fc.constantFrom('/', '/etc', 'etc', '/bin/', '/etc/../bin', '/../../etc', '/dev', '/dev/pts', '/proc', '.');

/** Bodies that hold no entry (empty, zero blocks) or are no tar (short, a bad header, a zero block before another). */
const noEntryBody = fc.constantFrom(
  '',
  '\0'.repeat(512),
  '\0'.repeat(1024),
  '\0'.repeat(1536),
  'not a tar',
  'A'.repeat(600),
  '\0'.repeat(700),
  `${'\0'.repeat(512)}${'A'.repeat(512)}`,
);

const upload = fc.record({
  name: fc.constantFrom('ctc-put', 'ctc-put', 'nosuch'),
  path: fc.oneof(refusedPath, directory),
  flags: fc.constantFrom('', '&noOverwriteDirNonDir=1', '&copyUIDGID=1', '&noOverwriteDirNonDir=true&copyUIDGID=bad'),
  body: noEntryBody,
});

const request: fc.Arbitrary<Ask> = upload.map((u) => ({ ...put(u.name, `?path=${encodeURIComponent(u.path)}${u.flags}`), body: u.body }));

/** The container's changes after an upload, which must have written nothing. */
async function readWithChanges(client: HttpClient, ask: Ask): Promise<unknown> {
  const answer = await read(client, ask);
  const changes = await client.request('GET', '/containers/ctc-put/changes', { timeoutMs: 10_000 });
  return [...answer, changes.status, changes.body.trim()];
}

checkAgainstRealReleases('refused archive uploads', 'ctc-arcput-', request, 100, { setup, read: readWithChanges });
