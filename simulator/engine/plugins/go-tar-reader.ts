import { checksumMatches } from '../containers/tar-opening.js';

/**
 * Go's archive/tar Reader over a whole stream: the headers Next returns, each with the data its
 * reader gives, and how the stream ends (Next's io.EOF or its error). Headers are read with
 * io.ReadFull (cut short: unexpected EOF), padding with tryReadFull (cut short: the end), PAX and
 * GNU long-name headers are merged into the next one, a zero block and another are the end.
 */

/** One header as Next returns it, the fields the plugin create reads or copies. */
export interface GoTarHeader {
  readonly name: string;
  readonly linkname: string;
  /** The type flag byte as a character ('0', '5', '2', …; '\0' and a name ending in "/" made '5' or '0' as Go does). */
  readonly typeflag: string;
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
  readonly uname: string;
  readonly gname: string;
  readonly size: number;
  readonly mtime: number;
  readonly devmajor: number;
  readonly devminor: number;
  readonly paxRecords: Readonly<Record<string, string>>;
}

/** A header and its data: `cut` when the stream ends before the data does (its reader then fails with unexpected EOF). */
export interface GoTarEntry {
  readonly header: GoTarHeader;
  readonly data: Buffer;
  readonly cut: boolean;
}

export const UNEXPECTED_EOF = 'unexpected EOF';
export const INVALID_HEADER = 'archive/tar: invalid tar header';

/** How Next ended the walk: io.EOF, an error, or the last entry's data cut short (what the next Next, or the data's reader, says). */
export type GoTarEnd = { readonly kind: 'eof' } | { readonly kind: 'error'; readonly message: string } | { readonly kind: 'cut' };

export interface GoTarWalk {
  readonly entries: readonly GoTarEntry[];
  readonly end: GoTarEnd;
}

const BLOCK = 512;
/** Links, devices, directories and fifos: their data is never read, whatever their size says. */
const HEADER_ONLY = new Set(['1', '2', '3', '4', '5', '6']);

class HeaderProblem extends Error {
  override readonly name = 'HeaderProblem';
}

const isZero = (block: Buffer): boolean => block.every((byte) => byte === 0);

/** Go's parseString: the bytes up to the first NUL. */
function cString(field: Buffer): string {
  const nul = field.indexOf(0);
  return (nul < 0 ? field : field.subarray(0, nul)).toString('latin1');
}

/** Go's parseNumeric: base-256 when the top bit is set, else octal with spaces and NULs trimmed ("" is 0). */
function numeric(field: Buffer): number {
  if ((field[0]! & 0x80) !== 0) {
    let value = field[0]! & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    return value;
  }
  const text = field.toString('latin1').replace(/^[ \0]+|[ \0]+$/g, '');
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new HeaderProblem();
  return Number.parseInt(text, 8);
}

type Format = 'v7' | 'ustar' | 'gnu';

function formatOf(block: Buffer): Format {
  const magic = block.toString('latin1', 257, 263);
  const version = block.toString('latin1', 263, 265);
  if (magic === 'ustar\0') return 'ustar';
  if (magic === 'ustar ' && version === ' \0') return 'gnu';
  return 'v7';
}

/** The header block's fields (Go's readHeader after its checks). */
function headerOf(block: Buffer): GoTarHeader {
  const format = formatOf(block);
  let name = cString(block.subarray(0, 100));
  if (format === 'ustar') {
    const prefix = cString(block.subarray(345, 500));
    if (prefix !== '') name = `${prefix}/${name}`;
  }
  const extended = format !== 'v7';
  const size = numeric(block.subarray(124, 136));
  if (size < 0) throw new HeaderProblem();
  return {
    name,
    linkname: cString(block.subarray(157, 257)),
    typeflag: String.fromCharCode(block[156]!),
    mode: numeric(block.subarray(100, 108)),
    uid: numeric(block.subarray(108, 116)),
    gid: numeric(block.subarray(116, 124)),
    uname: extended ? cString(block.subarray(265, 297)) : '',
    gname: extended ? cString(block.subarray(297, 329)) : '',
    size,
    mtime: numeric(block.subarray(136, 148)),
    devmajor: extended ? numeric(block.subarray(329, 337)) : 0,
    devminor: extended ? numeric(block.subarray(337, 345)) : 0,
    paxRecords: {},
  };
}

/** Go's parsePAX: "%d %s=%s\n" records, each as long as it announces. */
function paxRecordsOf(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = space < 0 ? Number.NaN : Number(data.toString('latin1', at, space));
    if (space <= at || !Number.isInteger(length) || length <= space - at || at + length > data.length) throw new HeaderProblem();
    const record = data.subarray(space + 1, at + length);
    if (record[record.length - 1] !== 0x0a) throw new HeaderProblem();
    const pair = record.subarray(0, -1).toString('utf8');
    const equals = pair.indexOf('=');
    if (equals < 1) throw new HeaderProblem();
    records[pair.slice(0, equals)] = pair.slice(equals + 1);
    at += length;
  }
  return records;
}

/** The PAX records applied to a header (path, linkpath, size, ids, names, mtime), as Go's mergePAX does. */
function merged(header: GoTarHeader, pax: Readonly<Record<string, string>>, longName: string | null, longLink: string | null): GoTarHeader {
  const number = (key: string, fallback: number): number => (pax[key] === undefined ? fallback : Number(pax[key]));
  const name = pax['path'] ?? longName ?? header.name;
  const typeflag = header.typeflag === '\0' ? (name.endsWith('/') ? '5' : '0') : header.typeflag;
  return {
    ...header,
    name,
    linkname: pax['linkpath'] ?? longLink ?? header.linkname,
    typeflag,
    size: number('size', header.size),
    uid: number('uid', header.uid),
    gid: number('gid', header.gid),
    uname: pax['uname'] ?? header.uname,
    gname: pax['gname'] ?? header.gname,
    mtime: number('mtime', header.mtime),
    paxRecords: pax,
  };
}

/** Reads a stream as Go's tar.Reader does, from the first Next to the one that ends it. */
export function walkGoTar(stream: Buffer): GoTarWalk {
  const entries: GoTarEntry[] = [];
  let at = 0;
  let pax: Record<string, string> = {};
  let longName: string | null = null;
  let longLink: string | null = null;
  const end = (result: GoTarEnd): GoTarWalk => ({ entries, end: result });
  const error = (message: string): GoTarWalk => end({ kind: 'error', message });
  for (;;) {
    const left = stream.length - at;
    if (left === 0) return end({ kind: 'eof' });
    if (left < BLOCK) return error(UNEXPECTED_EOF);
    const block = stream.subarray(at, at + BLOCK);
    at += BLOCK;
    if (isZero(block)) {
      const rest = stream.length - at;
      if (rest === 0) return end({ kind: 'eof' });
      if (rest < BLOCK) return error(UNEXPECTED_EOF);
      return isZero(stream.subarray(at, at + BLOCK)) ? end({ kind: 'eof' }) : error(INVALID_HEADER);
    }
    if (!checksumMatches(block)) return error(INVALID_HEADER);
    let header: GoTarHeader;
    try {
      header = headerOf(block);
    } catch {
      return error(INVALID_HEADER);
    }
    const size = HEADER_ONLY.has(header.typeflag) ? 0 : header.size;
    const meta = ['x', 'g', 'L', 'K'].includes(header.typeflag);
    if (meta) {
      if (stream.length - at < size) return error(UNEXPECTED_EOF);
      const data = stream.subarray(at, at + size);
      at += size;
      try {
        if (header.typeflag === 'L') longName = cString(data);
        else if (header.typeflag === 'K') longLink = cString(data);
        else if (header.typeflag === 'x') pax = paxRecordsOf(data);
        // A global header is an entry of its own.
        else entries.push({ header: { ...header, paxRecords: paxRecordsOf(data) }, data: Buffer.alloc(0), cut: false });
      } catch {
        return error(INVALID_HEADER);
      }
      const padded = Math.ceil(size / BLOCK) * BLOCK - size;
      if (stream.length - at < padded) return end({ kind: 'eof' });
      at += padded;
      continue;
    }
    const entry = merged(header, pax, longName, longLink);
    pax = {};
    longName = null;
    longLink = null;
    const dataSize = HEADER_ONLY.has(entry.typeflag) ? 0 : entry.size;
    const available = Math.min(dataSize, stream.length - at);
    entries.push({ header: entry, data: stream.subarray(at, at + available), cut: available < dataSize });
    if (available < dataSize) return end({ kind: 'cut' });
    at += dataSize;
    const padding = Math.ceil(dataSize / BLOCK) * BLOCK - dataSize;
    if (stream.length - at < padding) return end({ kind: 'eof' });
    at += padding;
  }
}
