import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { answer } from './helpers/plugin-exchanges.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * The unpack of a plugin's rootfs (simulator/engine/plugins/rootfs-tree.ts): each real release and
 * ctrd-sim emulating it get the same generated creates, whose rootfs holds files, directories,
 * fifos, devices, symlinks (to directories, files, nothing, absolute, leading out, each other) and
 * hard links (to what is there or not, through files and links, leading out), type flags Untar does
 * not make (7, V) and PAX global headers, at names that may lie
 * below any of them; the answers (the unpack's refusal in the release's words, or the plugin made)
 * must be the same. An outcome ctrd-sim does not model answers 501, which fails here.
 */

type Entry = {
  readonly name: string;
  readonly type: 'file' | 'directory' | 'symlink' | 'link' | 'fifo' | 'character-device' | 'block-device' | 'contiguous-file' | 'odd' | 'global';
  readonly linkname?: string;
  readonly device?: readonly [number, number];
};

const NAMES = ['a', 'b', 'd', 'd/a', 'd/e/f', 'l', 'l/x', 'l/y/x', 'a/x', 'n', 'n/x', 'm'];
/** Symlink targets: a directory, a file, nothing, absolute, leading out of the root, links of links, the link itself. */
const SYMLINK_TARGETS = ['d', 'a', 'nowhere', '/d', '../../d', 'l', 'm', '/nowhere/deep', 'd/e'];
/** Hard link targets as the archive names them (under rootfs/ or not, absolute, leading out, through a file or a link). */
const HARDLINK_TARGETS = [
  'rootfs/a',
  'rootfs/d',
  'rootfs/nothere',
  'a',
  '/a',
  '/rootfs/a',
  '../../etc/passwd',
  'rootfs/l/a',
  'rootfs/a/x',
  'rootfs/n',
  'rootfs/l',
];
/** Device numbers of nodes nothing opens: the null device, a loop device, 0/0 (overlay's whiteout, made here in a plain directory). */
const DEVICES: readonly (readonly [number, number])[] = [
  [1, 3],
  [7, 200],
  [0, 0],
];

const entry: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({ name: fc.constantFrom(...NAMES), type: fc.constantFrom('file' as const, 'directory' as const, 'fifo' as const) }),
  // Type flags Untar does not make: a contiguous file (7) and one of no kind (V).
  {
    weight: 1,
    arbitrary: fc.record({ name: fc.constantFrom(...NAMES), type: fc.constantFrom('contiguous-file' as const, 'odd' as const, 'global' as const) }),
  },
  fc.record({ name: fc.constantFrom(...NAMES), type: fc.constant('symlink' as const), linkname: fc.constantFrom(...SYMLINK_TARGETS) }),
  fc.record({ name: fc.constantFrom(...NAMES), type: fc.constant('link' as const), linkname: fc.constantFrom(...HARDLINK_TARGETS) }),
  fc.record({
    name: fc.constantFrom(...NAMES),
    type: fc.constantFrom('character-device' as const, 'block-device' as const),
    device: fc.constantFrom(...DEVICES),
  }),
);

/** A create: its body names the entries (readable in a counterexample); read() sends them as a tarball. */
const createAsk: fc.Arbitrary<Ask> = fc
  .array(entry, { minLength: 1, maxLength: 6 })
  .map((entries) => ({ method: 'POST', path: '/plugins/create', type: 'application/x-tar', body: JSON.stringify(entries) }));

/** The archive: config.json {}, the rootfs directory and a file of its own (no two rootfs blobs are the same), then the entries under it. */
async function archive(entries: readonly Entry[], own: string): Promise<Buffer> {
  const pack = (await import('tar-stream')).default.pack();
  const mtime = new Date('2021-03-04T05:06:07Z');
  pack.entry({ name: 'config.json', mode: 0o644, mtime }, Buffer.from('{}'));
  pack.entry({ name: 'rootfs/', type: 'directory', mode: 0o755, mtime });
  pack.entry({ name: `rootfs/${own}`, mode: 0o644, mtime }, Buffer.from(own));
  for (const e of entries) {
    const type = e.type === 'odd' || e.type === 'global' ? 'file' : e.type;
    const header = { name: `rootfs/${e.name}${e.type === 'directory' ? '/' : ''}`, type, mode: e.type === 'directory' ? 0o755 : 0o644, mtime };
    // A global header's data is PAX records: empty, it holds none.
    if (type === 'file' || type === 'contiguous-file') pack.entry(header, Buffer.from(e.type === 'global' ? '' : e.name));
    else pack.entry({ ...header, linkname: e.linkname ?? '', devmajor: e.device?.[0] ?? 0, devminor: e.device?.[1] ?? 0 });
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  // The odd entries get the flag V, the global ones g (a PAX global header): the headers before them are config.json's, the rootfs's and its own file's.
  const ordinals = (type: Entry['type']): number[] => entries.flatMap((e, i) => (e.type === type ? [i + 3] : []));
  return withFlag(withFlag(Buffer.concat(chunks), ordinals('odd'), 'V'), ordinals('global'), 'g');
}

/** The tarball with the type flag of its `ordinals`-th headers (no PAX or long-name header among them) set to `flag`, checksums made again. */
function withFlag(tar: Buffer, ordinals: readonly number[], flag: string): Buffer {
  const out = Buffer.from(tar);
  for (let at = 0, ordinal = 0; at + 512 <= out.length && out[at] !== 0; ordinal++) {
    if (ordinals.includes(ordinal)) {
      out[at + 156] = flag.charCodeAt(0);
      out.fill(0x20, at + 148, at + 156);
      let sum = 0;
      for (let i = at; i < at + 512; i++) sum += out[i]!;
      out.write(`${sum.toString(8).padStart(6, '0')}\0 `, at + 148, 8, 'latin1');
    }
    const size = Number.parseInt(
      out
        .toString('latin1', at + 124, at + 136)
        .replace(/\0.*$/s, '')
        .trim() || '0',
      8,
    );
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

const made = new WeakMap<HttpClient, number>();

/** The create's answer (digests numbered as met), under a name of its own on each side (the n-th create of either is named alike). */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const n = (made.get(client) ?? 0) + 1;
  made.set(client, n);
  const body = await archive(JSON.parse(ask.body ?? '[]') as Entry[], `own-${n}`);
  return answer(client, { ...ask, path: `/plugins/create?name=ctc-rootfs-${n}`, body: body.toString('latin1') });
}

checkAgainstObservedReleases('plugin rootfs unpacks', 'ctc-plugin-rootfs-', createAsk, 80, { read });
