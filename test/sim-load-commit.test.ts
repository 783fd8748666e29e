import fc from 'fast-check';
import t from 'tap';
import { send } from './helpers/unix-send.js';
import { startInProcessSim } from './helpers/in-process-sim.js';
import { imageArchive, NONSTANDARD, type FullImageCase, type NonstandardField } from '../suites/deprecations/full-images.js';

/**
 * ctrd-sim's POST /images/load and POST /commit, shaped as 20.10.24, 26.1.5 and 28.5.2 answer them
 * (observed 2026-11-26): an image whose configuration sets the non-standard fields keeps them in
 * inspect below API 1.50 (the reference; 28.5's blanking is its observed quirk) and loses them from
 * 1.50; a committed image names its container below 1.45.
 */
async function simulator(t: { teardown(fn: () => unknown): void }, args: readonly string[]): Promise<string> {
  return (await startInProcessSim(t, 'ctc-load-', [...args, '--brand', 'docker'])).socket;
}

const configAt = async (socket: string, api: string, ref: string): Promise<Record<string, unknown>> =>
  (JSON.parse((await send(socket, 'GET', `/v${api}/images/${ref}/json`)).body) as { Config: Record<string, unknown> }).Config;

const VALUES: Readonly<Record<NonstandardField, string | boolean | number>> = {
  Hostname: 'h',
  Domainname: 'd.example',
  AttachStdin: true,
  AttachStdout: true,
  AttachStderr: true,
  Tty: true,
  OpenStdin: true,
  StdinOnce: true,
  Image: 'ctc-base/busybox:1',
  NetworkDisabled: true,
  MacAddress: '02:42:ac:11:00:0a',
  StopTimeout: 5,
};

t.test('a loaded archive keeps the non-standard fields it sets below 1.50 and loses them all from 1.50', async (t) => {
  const socket = await simulator(t, ['--emulate', '28.5']);
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(fc.subarray([...NONSTANDARD]), fc.boolean(), async (fields, container) => {
      const c: FullImageCase = { source: 'load', fields: Object.fromEntries(fields.map((f) => [f, VALUES[f]])), container };
      // A tag of its own each time: a tag that leaves another image adds the release's "renaming the old one" line (load.ts).
      runs += 1;
      const ref = `ctc-load/t:${runs}${container ? 'c' : 'n'}`;
      const loaded = await send(socket, 'POST', '/v1.51/images/load?quiet=1', await imageArchive(c, ref));
      t.equal(
        loaded.body,
        `${JSON.stringify({ stream: `Loaded image: ${ref}\n` })}\r\n`,
        "one JSON message and \\r\\n, as moby's streamformatter writes (observed)",
      );
      const old = await configAt(socket, '1.49', ref);
      for (const field of NONSTANDARD) {
        const set = c.fields[field];
        const when = field === 'NetworkDisabled' || field === 'MacAddress' || field === 'StopTimeout';
        if (set !== undefined) t.equal(old[field], set, `below 1.50 ${field} keeps ${String(set)}`);
        else t.equal(field in old, !when, `below 1.50 an unset ${field} is ${when ? 'absent' : 'there, empty'}`);
      }
      const current = await configAt(socket, '1.50', ref);
      t.same(
        NONSTANDARD.filter((field) => field in current),
        [],
        'from 1.50 none of the twelve',
      );
      const inspect = JSON.parse((await send(socket, 'GET', `/v1.44/images/${ref}/json`)).body) as Record<string, unknown>;
      t.equal(inspect['Container'], container ? `c0ffee${'0'.repeat(58)}` : '', "below 1.45 Container is the archive's");
    }),
    { numRuns: 12 },
  );
});

t.test("28.5 as observed blanks the set fields below 1.50; a commit keeps the container's configuration and names it", async (t) => {
  const socket = await simulator(t, ['--emulate', '28.5', '--as-observed']);
  const archive = await imageArchive({ source: 'load', fields: VALUES, container: false }, 'ctc-load/o:1');
  t.equal((await send(socket, 'POST', '/v1.51/images/load', archive)).status, 200);
  const blanked = await configAt(socket, '1.49', 'ctc-load/o:1');
  t.same([blanked['Hostname'], blanked['Tty'], 'StopTimeout' in blanked], ['', false, false], 'Hostname "", Tty false, no StopTimeout (28.5.2, observed)');
  const base = await send(socket, 'POST', '/v1.51/images/create?fromSrc=-&repo=ctc-base/busybox&tag=1', Buffer.alloc(0));
  t.equal(base.status, 200);
  const created = await send(
    socket,
    'POST',
    '/v1.51/containers/create',
    Buffer.from(
      JSON.stringify({ Image: 'ctc-base/busybox:1', Cmd: ['true'], Hostname: 'hh1', Tty: true, StopTimeout: 7, HostConfig: { NetworkMode: 'none' } }),
    ),
    'application/json',
  );
  const id = (JSON.parse(created.body) as { Id: string }).Id;
  const committed = await send(socket, 'POST', `/v1.51/commit?container=${id}&repo=ctc-commit/t&tag=1&comment=c`, Buffer.from('{}'), 'application/json');
  t.equal(committed.status, 201);
  t.match(committed.body, /^\{"Id":"sha256:[0-9a-f]{64}"\}/);
  const inspect = JSON.parse((await send(socket, 'GET', '/v1.44/images/ctc-commit/t:1/json')).body) as Record<string, unknown>;
  t.equal(inspect['Container'], id, 'below 1.45 Container names the committed container');
  t.equal((inspect['ContainerConfig'] as Record<string, unknown>)['Hostname'], 'hh1', 'ContainerConfig is its configuration');
  t.equal(inspect['Comment'], 'c');
  const plain = await simulator(t, ['--emulate', '28.5']);
  t.equal((await send(plain, 'POST', '/v1.51/images/load', archive)).status, 200);
  t.equal(
    (await configAt(plain, '1.49', 'ctc-load/o:1'))['StopTimeout'],
    VALUES.StopTimeout,
    'without the quirk (the reference) the set StopTimeout is kept below 1.50',
  );
});
