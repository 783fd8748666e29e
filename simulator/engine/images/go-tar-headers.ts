/**
 * Go's archive/tar writes a USTAR header's numbers zero-padded and NUL-ended (`0000644\0`,
 * size and mtime in eleven digits, the checksum as `%06o\0 `), where tar-stream pads with
 * spaces; 20.10's save (headers from the files it staged on disk) adds the file-type bits to
 * the mode (`0100644`, `0040755`) and names the owner `root`. Observed in the saves of
 * 20.10.24, 26.1.5 and 28.5.2 (2026-11-27). The archive's layout is tar-stream's; only the
 * headers' spelling is rewritten, so that an archive made the same way is the same bytes.
 */
export interface GoHeaderStyle {
  /** Whether the mode carries the file-type bits (20.10). */
  readonly typeBits: boolean;
  /** The owner and group names, or "" (20.10: root). */
  readonly owner: string;
}

const BLOCK = 512;

const octal = (value: number, digits: number): string => `${value.toString(8).padStart(digits, '0')}\0`;

function field(header: Buffer, at: number, length: number, text: string): void {
  header.fill(0, at, at + length);
  header.write(text, at, 'latin1');
}

function readOctal(header: Buffer, at: number, length: number): number {
  const text = header
    .subarray(at, at + length)
    .toString('latin1')
    .replace(/[\0 ]+/g, '');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function rewriteHeader(header: Buffer, style: GoHeaderStyle): void {
  const type = String.fromCharCode(header[156] ?? 0x30);
  const kind = type === '5' ? 0o040000 : type === '2' ? 0o120000 : 0o100000;
  const mode = readOctal(header, 100, 8) & 0o7777;
  field(header, 100, 8, octal(style.typeBits ? kind | mode : mode, 7));
  field(header, 108, 8, octal(readOctal(header, 108, 8), 7));
  field(header, 116, 8, octal(readOctal(header, 116, 8), 7));
  field(header, 124, 12, octal(readOctal(header, 124, 12), 11));
  field(header, 136, 12, octal(readOctal(header, 136, 12), 11));
  field(header, 265, 32, style.owner);
  field(header, 297, 32, style.owner);
  field(header, 329, 8, octal(0, 7));
  field(header, 337, 8, octal(0, 7));
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
}

/** The archive with every header spelled as Go writes it (a copy; the entries' bytes unchanged). */
export function withGoHeaders(tar: Buffer, style: GoHeaderStyle): Buffer {
  const out = Buffer.from(tar);
  for (let at = 0; at + BLOCK <= out.length; ) {
    const header = out.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = readOctal(header, 124, 12);
    rewriteHeader(header, style);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}
