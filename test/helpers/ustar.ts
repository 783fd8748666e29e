/** One entry of a ustar archive written in memory: a file with its content, a directory, a fifo, or a link to a target. */
export type UstarEntry =
  | { readonly name: string; readonly type: 'file'; readonly content: string }
  | { readonly name: string; readonly type: 'directory' | 'fifo' }
  | { readonly name: string; readonly type: 'symlink' | 'hardlink'; readonly target: string };

const BLOCK = 512;
const FLAGS = { file: '0', directory: '5', symlink: '2', hardlink: '1', fifo: '6' } as const;

/** An octal field of `width` bytes: digits, then a NUL. */
const octal = (value: number, width: number): string => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** The header block of an entry (names of at most 100 bytes, fixed owner and time: the same entries make the same bytes). */
function header(entry: UstarEntry, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(entry.name, 0, 100, 'utf8');
  block.write(octal(entry.type === 'directory' ? 0o755 : 0o644, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  block.write(octal(size, 12), 124, 'latin1');
  block.write(octal(1_767_225_600, 12), 136, 'latin1');
  block.write(FLAGS[entry.type], 156, 'latin1');
  if (entry.type === 'symlink' || entry.type === 'hardlink') block.write(entry.target, 157, 100, 'utf8');
  block.write('ustar\u000000', 257, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

/** A ustar archive of the entries, ended by two zero blocks. */
export function ustar(entries: readonly UstarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const content = entry.type === 'file' ? Buffer.from(entry.content) : Buffer.alloc(0);
    parts.push(header(entry, content.length), content, Buffer.alloc((BLOCK - (content.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}
