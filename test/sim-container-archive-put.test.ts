import fc from 'fast-check';
import t from 'tap';
import { tarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, askText, checkAgainstRealReleases, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * PUT /containers/{name}/archive (simulator/engine/containers/archive-put.ts) on a container never
 * started: the refusals before any extraction, as 20.10.24, 26.1.5 and 28.5.2 answered them
 * (2026-12-05). Extracting into a directory is not modelled (501), so the property sends only
 * uploads the releases refuse.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  const config = { Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } };
  await sendOk(client, 'POST', '/containers/create?name=ctc-put', JSON.stringify(config));
  return {};
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
];

t.test('the observed refusals, on ctrd-sim emulating each release', async (t) => {
  const body = await tarball([{ type: 'file', name: 'hello', content: Buffer.from('hi\n') }]);
  for (const [index, release] of (['20.10', '26.1', '28.5'] as const).entries()) {
    const client = await simClient(t, 'ctc-arcput-', release);
    await setup(client);
    for (const [ask, ...answers] of OBSERVED) {
      const reply = await client.request(ask.method, ask.path, { headers: { 'Content-Type': 'application/x-tar' }, body, timeoutMs: 10_000 });
      const message = reply.status === 501 ? reply.body : (JSON.parse(reply.body) as { message: string }).message;
      t.same([reply.status, message], answers[index], `${release}: ${askText(ask)}`);
    }
  }
});

/** Paths no release extracts into: missing, through a file, files, symlinks to files or to nothing. */
const refusedPath = fc.oneof(
  fc.constantFrom(
    '',
    'nosuch',
    '/nosuch/a',
    '/etc/hostname',
    'etc/hostname',
    '/bin/sh',
    '/bin/busybox',
    '/etc/../bin/sh',
    '/etc/mtab',
    '/.dockerenv',
    '/dev/console',
    '/etc/ctc-release',
    '/bin/busybox/x',
    '/etc/mtab/x',
  ),
  fc.stringMatching(/^[a-z]{1,6}$/).map((name) => `/etc/${name}-x`),
);

const upload = fc.record({
  name: fc.constantFrom('ctc-put', 'nosuch'),
  path: refusedPath,
  flags: fc.constantFrom('', '&noOverwriteDirNonDir=1', '&copyUIDGID=1', '&noOverwriteDirNonDir=true&copyUIDGID=bad'),
  body: fc.oneof(fc.constant('not a tar'), fc.constant('')),
});

/** The status and message, the container's merged directory (each side's own) named alike. */
async function read(client: HttpClient, ask: Ask): Promise<readonly [number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, message.replace(/^lstat \S*\/overlay2\/[0-9a-f]{64}\/merged\//, 'lstat {merged}/')];
}

const request: fc.Arbitrary<Ask> = upload.map((u) => ({ ...put(u.name, `?path=${encodeURIComponent(u.path)}${u.flags}`), body: u.body }));

checkAgainstRealReleases('refused archive uploads', 'ctc-arcput-', request, 60, { setup, read });
