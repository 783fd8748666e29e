import fc from 'fast-check';
import { BASE_ENTRIES, type TarEntry, tarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk } from './helpers/busybox-containers.js';
import { containerRootOf, imageOnce } from './helpers/user-file-images.js';
import { type Ask, checkAgainstObservedReleases, json, statusAndMessage, withPlaceholders } from './helpers/real-versus-sim.js';

/**
 * An exec's user looked up in the files of a running container (simulator/engine/exec/exec-user.ts):
 * each observed release and ctrd-sim emulating it get the same generated scenario: an image whose
 * /etc/passwd and /etc/group are files, links (absolute, relative, dangling) or absent, a
 * container of it with a GroupAdd, started, then an upload into its /etc that makes either file
 * a file of generated lines, a directory, or a link (to a file, a directory, the root, nothing,
 * itself, the other, through a file, out of the root, a chain of links, a long name), then an
 * exec create with a generated User. Compared: the start's, the upload's and the create's status
 * and words, each side's container root and ID as placeholders.
 *
 * The container must run for its exec: its start looks the same files up (the user "" and the
 * GroupAdd), so at start the files hold no directory and no overlong line, and the GroupAdd names
 * only groups of the image's file, each once, and numbers no group has. An upload does not change
 * a directory into another type or the reverse (ctrd-sim's upload answers 501 there).
 */

/** The image's passwd and group contents, and where its links point. */
const IMAGE_PASSWD = 'root:x:0:0:root:/root:/bin/sh\nalice:x:1000:1000::/home/alice:/bin/sh\nbob:x:1001:50::/:/bin/sh\n';
const IMAGE_GROUP = 'root:x:0:\nstaff:x:50:alice,bob\nwheel:x:10:root\n#hidden:x:51:\ndup:x:60:\ndup:x:61:\nbig:x:3000000000:\n:x:7:\n';
/** Names of IMAGE_GROUP's groups of distinct gids in range, and numbers none of its groups has. */
const GROUP_ADD_NAMES = ['root', 'staff', 'wheel', 'dup'] as const;
const GROUP_ADD_NUMBERS = ['5', '+6', '0012', '1000', '2147483647'] as const;

type ImageNode = 'file' | 'absolute-link' | 'relative-link' | 'dangling-link' | 'none';
type UploadNode =
  | { readonly kind: 'file'; readonly lines: readonly string[]; readonly crlf: boolean }
  | { readonly kind: 'link'; readonly target: string }
  | { readonly kind: 'directory' };

interface Scenario {
  readonly image: { readonly passwd: ImageNode; readonly group: ImageNode };
  readonly groupAdd: readonly string[];
  readonly upload: { readonly passwd?: UploadNode; readonly group?: UploadNode; readonly alt: readonly string[]; readonly chain: number };
  readonly user: string;
}

const imageNode = fc.constantFrom<ImageNode>('file', 'absolute-link', 'relative-link', 'dangling-link', 'none');

const PASSWD_LINES = [
  'root:x:0:0:root:/root:/bin/sh',
  'alice:x:1000:1000::/home/alice:/bin/sh',
  'bob:x:1001:50',
  '  carol:x:1002:1002  ',
  '#dave:x:5:5',
  '',
  'erin',
  'frank:x:abc:1',
  'gus:x:99999999999999999999:1',
  ':x:7:7',
  '\u00a0hal:x:8:8\u3000',
  'x'.repeat(65_535),
  'y'.repeat(65_536),
];
const GROUP_LINES = [
  'root:x:0:',
  'staff:x:50:alice,bob',
  'wheel:x:10:root',
  '#staff:x:51:',
  'dup:x:60:',
  'dup:x:61:',
  'big:x:3000000000:',
  'neg:x:-5:',
  'empty:x::',
  ' staff :x:52:',
  'alice:x:1000:',
  'z'.repeat(1024 * 1024),
];

/** Link targets: files, directories, nothing, loops, a file's child, out of the root, the chain's head, a long name. */
const TARGETS = [
  '/etc/db/passwd',
  'db/passwd',
  '../../../../etc/db/group',
  '//etc//db/./group',
  '/etc/db/passwd/',
  'alt',
  '/etc/alt',
  '/etc/db/dir',
  '/etc',
  '/',
  '/nowhere',
  'nowhere/x',
  '/nowhere/../etc/alt',
  '/proc/mounts',
  'mtab',
  '/etc/hostname',
  '/bin/sh',
  '/bin/busybox/x',
  'passwd',
  'group',
  '/etc/passwd/x',
  'c1',
  `/${'a'.repeat(256)}`,
  `/nowhere/${'a'.repeat(256)}`,
];

const uploadNode: fc.Arbitrary<UploadNode> = fc.oneof(
  fc.record({ kind: fc.constant('link' as const), target: fc.constantFrom(...TARGETS) }),
  fc.record({ kind: fc.constant('directory' as const) }),
  fc.record({ kind: fc.constant('file' as const), lines: fc.array(fc.constantFrom(...PASSWD_LINES, ...GROUP_LINES), { maxLength: 5 }), crlf: fc.boolean() }),
);

const USERS = [
  '0',
  'root',
  'alice',
  'bob',
  'carol',
  ' carol',
  '#dave',
  'erin',
  'frank',
  'hal',
  'nobody',
  '1000',
  '99999',
  '-1',
  '2147483648',
  '99999999999999999999',
  ':',
  ':0',
  '0:',
  ':staff',
  'alice:',
  'alice:staff',
  '0:staff',
  '0:50',
  'bob:dup',
  'alice:big',
  '0:neg',
  'alice:nogroup',
  '0:-1',
  'x:1',
  '0:root:x',
  'erin:root:x',
  '1e3',
];

/** Whether the upload leaves every path's type class (directory or not) as the image had it. */
function keepsTypes(s: Scenario): boolean {
  const fits = (image: ImageNode, upload: UploadNode | undefined): boolean => upload?.kind !== 'directory' || image === 'none';
  return fits(s.image.passwd, s.upload.passwd) && fits(s.image.group, s.upload.group);
}

const resolvesToImageGroup = (node: ImageNode): boolean => node === 'file' || node === 'absolute-link' || node === 'relative-link';

const scenario: fc.Arbitrary<Scenario> = fc
  .record({ passwd: imageNode, group: imageNode })
  .chain((image) =>
    fc.record({
      image: fc.constant(image),
      groupAdd: fc.uniqueArray(fc.constantFrom<string>(...(resolvesToImageGroup(image.group) ? GROUP_ADD_NAMES : []), ...GROUP_ADD_NUMBERS), { maxLength: 3 }),
      upload: fc.record(
        {
          passwd: uploadNode,
          group: uploadNode,
          alt: fc.array(fc.constantFrom(...PASSWD_LINES.slice(0, 11), ...GROUP_LINES.slice(0, 11)), { maxLength: 4 }),
          chain: fc.constantFrom(0, 3, 250, 251, 252, 253, 300),
        },
        { requiredKeys: ['alt', 'chain'] },
      ),
      user: fc.constantFrom(...USERS),
    }),
  )
  .filter(keepsTypes);

const text = (lines: readonly string[], crlf: boolean): Buffer => Buffer.from(lines.map((line) => `${line}${crlf ? '\r\n' : '\n'}`).join(''));

/** The image's entries below /etc for its two nodes. */
function imageEntries(s: Scenario): TarEntry[] {
  const node = (name: 'passwd' | 'group', kind: ImageNode, content: string): TarEntry[] => {
    if (kind === 'file') return [{ type: 'file', name: `etc/${name}`, content: Buffer.from(content) }];
    if (kind === 'absolute-link') return [{ type: 'symlink', name: `etc/${name}`, target: `/etc/db/${name}` }];
    if (kind === 'relative-link') return [{ type: 'symlink', name: `etc/${name}`, target: `db/${name}` }];
    if (kind === 'dangling-link') return [{ type: 'symlink', name: `etc/${name}`, target: `/etc/db/no-${name}` }];
    return [];
  };
  return [
    ...BASE_ENTRIES,
    { type: 'directory', name: 'etc/db' },
    { type: 'directory', name: 'etc/db/dir' },
    { type: 'file', name: 'etc/db/passwd', content: Buffer.from(IMAGE_PASSWD) },
    { type: 'file', name: 'etc/db/group', content: Buffer.from(IMAGE_GROUP) },
    ...node('passwd', s.image.passwd, IMAGE_PASSWD),
    ...node('group', s.image.group, IMAGE_GROUP),
  ];
}

/** The upload into /etc: the two nodes, the file `alt` and the chain c1 → … → alt. */
function uploadEntries(s: Scenario): TarEntry[] {
  const node = (name: string, upload: UploadNode | undefined): TarEntry[] => {
    if (upload === undefined) return [];
    if (upload.kind === 'directory') return [{ type: 'directory', name }];
    if (upload.kind === 'link') return [{ type: 'symlink', name, target: upload.target }];
    return [{ type: 'file', name, content: text(upload.lines, upload.crlf) }];
  };
  const chain = Array.from(
    { length: s.upload.chain },
    (_, i): TarEntry => ({ type: 'symlink', name: `c${i + 1}`, target: i + 1 === s.upload.chain ? 'alt' : `c${i + 2}` }),
  );
  return [{ type: 'file', name: 'alt', content: text(s.upload.alt, false) }, ...chain, ...node('passwd', s.upload.passwd), ...node('group', s.upload.group)];
}

const made = new WeakMap<HttpClient, number>();

/** The image of the scenario's two nodes, imported once per side. */
const imageOf = (client: HttpClient, s: Scenario): Promise<string> => imageOnce(client, 'ctc-xu', s.image, () => imageEntries(s));

const reply = async (client: HttpClient, ask: Ask, values: Readonly<Record<string, string>>): Promise<[number, string]> => {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, withPlaceholders(message, values)];
};

/** The scenario played on one side: the start's, the upload's and the exec create's answers. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const s = JSON.parse(ask.body ?? '{}') as Scenario;
  const n = (made.get(client) ?? 0) + 1;
  made.set(client, n);
  const name = `ctc-xu-${n}`;
  const image = await imageOf(client, s);
  const config = { Image: image, Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { NetworkMode: 'none', Init: true, GroupAdd: s.groupAdd } };
  const id = (JSON.parse(await sendOk(client, 'POST', `/containers/create?name=${name}`, JSON.stringify(config))) as { Id: string }).Id;
  try {
    const values = { '{id}': id, '{root}': await containerRootOf(client, id) };
    const start = await reply(client, { method: 'POST', path: `/containers/${name}/start` }, values);
    const upload = await client.request('PUT', `/containers/${name}/archive?path=/etc`, {
      headers: { 'Content-Type': 'application/x-tar' },
      body: await tarball(uploadEntries(s)),
      timeoutMs: 30_000,
    });
    const exec = await reply(client, { method: 'POST', path: `/containers/${name}/exec`, ...json(JSON.stringify({ Cmd: ['true'], User: s.user })) }, values);
    return [start, upload.status, exec[0] === 201 ? 201 : exec];
  } finally {
    await client.request('DELETE', `/containers/${name}?force=1`, { timeoutMs: 30_000 });
  }
}

const requests: fc.Arbitrary<Ask> = scenario.map((s) => ({ method: 'SCENARIO', path: '/containers/ctc-xu/exec', ...json(JSON.stringify(s)) }));

checkAgainstObservedReleases('exec users looked up in the files of running containers', 'ctc-exec-user-', requests, 25, { read });
