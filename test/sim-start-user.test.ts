import fc from 'fast-check';
import { BASE_ENTRIES, type TarEntry } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk } from './helpers/busybox-containers.js';
import { containerRootOf, imageOnce } from './helpers/user-file-images.js';
import { type Ask, checkAgainstObservedReleases, json, statusAndMessage, withPlaceholders } from './helpers/real-versus-sim.js';

/**
 * A start's user looked up in the container's files (simulator/engine/exec/exec-user.ts, called by
 * start in simulator/engine/containers/routes.ts): each observed release and ctrd-sim emulating it
 * get the same generated scenario: an image whose /etc/passwd and /etc/group are files of
 * generated lines, links (absolute, relative, dangling, looping, through a file) or absent,
 * and a container of it with a generated Config.User and
 * HostConfig.GroupAdd, started. Compared: the start's status and words (a dropped connection as
 * such), and after a failed start the container's State.Status, ExitCode and Error; each side's
 * container root and ID as placeholders.
 *
 * Not generated: what passes moby's lookup and fails runc's own (its init looks "uid:gid" up in
 * the container's files again, so it reads the group file always): a directory or a link to one at
 * /etc/passwd or /etc/group (29.7.2: 400 "failed to create task for container: … unable to setup
 * user: unable to find groups for spec : read /etc/group: is a directory: unknown: permission
 * denied", exit code 126), group lines runc's scanner may refuse, IDs out of range. ctrd-sim
 * starts such containers.
 */

type Node = { readonly kind: 'file'; readonly lines: readonly string[] } | { readonly kind: 'link'; readonly target: string } | { readonly kind: 'none' };

interface Scenario {
  readonly passwd: Node;
  readonly group: Node;
  readonly user: string;
  readonly groupAdd: readonly string[];
}

const PASSWD_LINES = [
  'root:x:0:0:root:/root:/bin/sh',
  'alice:x:1000:1000::/home/alice:/bin/sh',
  'bob:x:1001:50',
  '  carol:x:1002:1002  ',
  '#dave:x:5:5',
  '',
  'erin',
  'frank:x:abc:1',
  ':x:7:7',
  'root:x:9:9',
  '<65536 bytes>',
];
const GROUP_LINES = [
  'root:x:0:',
  'staff:x:50:alice,bob',
  'wheel:x:10:root',
  '#hidden:x:51:',
  'dup:x:60:',
  'dup:x:61:',
  'twelve:x:12:',
  'empty:x::',
  ' spaced :x:52:',
  'alice:x:1000:',
  ':x:7:',
];

/** Long lines by name (a failure's message stays short): a passwd line the scanner refuses. */
const LONG_LINES: Readonly<Record<string, string>> = { '<65536 bytes>': 'y'.repeat(65_536) };

/** Link targets: the image's spare files, nothing, a loop, a file's child. */
const TARGETS = ['/etc/db/passwd', 'db/group', '/nowhere', 'passwd', 'group', '/bin/busybox/x', '../../etc/db/passwd'];

/** A node of one file, its lines drawn from `lines`. */
const node = (lines: readonly string[]): fc.Arbitrary<Node> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('file' as const), lines: fc.array(fc.constantFrom(...lines), { maxLength: 6 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('link' as const), target: fc.constantFrom(...TARGETS) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
  );

const USERS = [
  '',
  '0',
  'root',
  'alice',
  'bob',
  'carol',
  'erin',
  'frank',
  'nobody',
  '1000',
  '99999',
  '-1',
  '2147483648',
  '99999999999999999999',
  ':',
  ':staff',
  'alice:',
  'alice:staff',
  '0:50',
  '0:twelve',
  'bob:dup',
  'alice:nogroup',
  '0:-1',
  '0:2147483648',
  'alice:root:x',
  '1e3',
];

const GROUP_ADD = [
  'root',
  'staff',
  'staff',
  'dup',
  'hidden',
  'spaced',
  'nogroup',
  '',
  '0',
  '12',
  '+12',
  '0012',
  '60',
  '5',
  '-1',
  '2147483648',
  '99999999999999999999',
];

const scenario: fc.Arbitrary<Scenario> = fc.record({
  passwd: node(PASSWD_LINES),
  group: node(GROUP_LINES),
  user: fc.constantFrom(...USERS),
  groupAdd: fc.array(fc.constantFrom(...GROUP_ADD), { maxLength: 3 }),
});

const SPARE_PASSWD = 'root:x:0:0:root:/root:/bin/sh\nalice:x:1000:1000::/home/alice:/bin/sh\n';
const SPARE_GROUP = 'root:x:0:\nstaff:x:50:alice\n';

/** The image's entries: the base, spare files and a directory below /etc/db, and the two nodes. */
function imageEntries(s: Scenario): TarEntry[] {
  const entry = (name: string, n: Node): TarEntry[] => {
    if (n.kind === 'file') return [{ type: 'file', name, content: Buffer.from(n.lines.map((line) => `${LONG_LINES[line] ?? line}\n`).join('')) }];
    if (n.kind === 'link') return [{ type: 'symlink', name, target: n.target }];
    return [];
  };
  return [
    ...BASE_ENTRIES,
    { type: 'directory', name: 'etc/db' },
    { type: 'directory', name: 'etc/db/dir' },
    { type: 'file', name: 'etc/db/passwd', content: Buffer.from(SPARE_PASSWD) },
    { type: 'file', name: 'etc/db/group', content: Buffer.from(SPARE_GROUP) },
    ...entry('etc/passwd', s.passwd),
    ...entry('etc/group', s.group),
  ];
}

const made = new WeakMap<HttpClient, number>();

/** The image of the scenario's two nodes, imported once per side. */
const imageOf = (client: HttpClient, s: Scenario): Promise<string> => imageOnce(client, 'ctc-su', [s.passwd, s.group], () => imageEntries(s));

/** The start's answer (or 'dropped'), and after a failed one the container's state, exit code and error. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const s = JSON.parse(ask.body ?? '{}') as Scenario;
  const n = (made.get(client) ?? 0) + 1;
  made.set(client, n);
  const name = `ctc-su-${n}`;
  const image = await imageOf(client, s);
  const config = { Image: image, Cmd: ['/bin/busybox', 'true'], User: s.user, HostConfig: { NetworkMode: 'none', GroupAdd: s.groupAdd } };
  const id = (JSON.parse(await sendOk(client, 'POST', `/containers/create?name=${name}`, JSON.stringify(config))) as { Id: string }).Id;
  try {
    const values = { '{id}': id, '{root}': await containerRootOf(client, id) };
    const started = await statusAndMessage(client, { method: 'POST', path: `/containers/${name}/start` }).then(
      ([status, message]): [number, string] => [status, withPlaceholders(message, values)],
      (error: unknown) => (String(error).includes('ECONNRESET') || String(error).includes('socket hang up') ? 'dropped' : Promise.reject(error)),
    );
    if (started !== 'dropped' && started[0] === 204) return 204;
    const state = (JSON.parse(await sendOk(client, 'GET', `/containers/${name}/json`)) as { State: { Status: string; ExitCode: number; Error: string } }).State;
    return [started, state.Status, state.ExitCode, withPlaceholders(state.Error, values)];
  } finally {
    await client.request('DELETE', `/containers/${name}?force=1`, { timeoutMs: 30_000 });
  }
}

const requests: fc.Arbitrary<Ask> = scenario.map((s) => ({ method: 'SCENARIO', path: '/containers/ctc-su/start', ...json(JSON.stringify(s)) }));

checkAgainstObservedReleases('start users looked up in the files of containers', 'ctc-start-user-', requests, 40, { read });
