import { goQuote } from './go-strconv.js';

/**
 * Go's net/netip parsers, with their errors' words: ParseAddr (IPv4 dotted quads, IPv6 with an
 * optional zone) and ParsePrefix. 29.x decodes a network's IPAM entries and an endpoint's
 * addresses into netip types, so these words are its answers (observed on 29.7.2).
 */

/** An address as netip holds it: its family, its value, its width in bits and its zone. */
export interface NetipAddr {
  readonly family: 'IPv4' | 'IPv6';
  readonly value: bigint;
  readonly bits: 32 | 128;
  readonly zone: string;
}

export interface NetipPrefix extends NetipAddr {
  readonly length: number;
}

type Parsed<T> = T | { readonly error: string };

/** parseAddrError's words: `ParseAddr("in"): msg (at "rest")`. */
const addrError = (input: string, message: string, at = ''): { readonly error: string } => ({
  error: `ParseAddr(${goQuote(input)}): ${message}${at === '' ? '' : ` (at ${goQuote(at)})`}`,
});

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/** parseIPv4Fields: the four fields of `input.slice(start, end)`, or the error naming `input`. */
function ipv4Fields(input: string, start: number, end: number): Parsed<{ readonly fields: number[] }> {
  const text = input.slice(start, end);
  const fields: number[] = [];
  let value = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isDigit(c)) {
      if (digits === 1 && value === 0) return addrError(input, 'IPv4 field has octet with leading zero');
      value = value * 10 + Number(c);
      digits++;
      if (value > 255) return addrError(input, 'IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === text.length - 1 || text[i - 1] === '.') return addrError(input, 'IPv4 field must have at least one digit', text.slice(i));
      if (fields.length === 3) return addrError(input, 'IPv4 address too long');
      fields.push(value);
      value = 0;
      digits = 0;
    } else return addrError(input, 'unexpected character', text.slice(i));
  }
  if (fields.length < 3) return addrError(input, 'IPv4 address too short');
  return { fields: [...fields, value] };
}

const fromBytes = (bytes: readonly number[]): bigint => bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);

function parseIPv4(input: string): Parsed<NetipAddr> {
  const parsed = ipv4Fields(input, 0, input.length);
  return 'error' in parsed ? parsed : { family: 'IPv4', value: fromBytes(parsed.fields), bits: 32, zone: '' };
}

const hexValue = (c: string): number => (/^[0-9a-fA-F]$/.test(c) ? Number.parseInt(c, 16) : -1);

/** parseIPv6: groups of up to four hex digits, one `::`, an embedded IPv4 address at the end, a zone after `%`. */
function parseIPv6(input: string): Parsed<NetipAddr> {
  let rest = input;
  let zone = '';
  const percent = rest.indexOf('%');
  if (percent >= 0) {
    zone = rest.slice(percent + 1);
    rest = rest.slice(0, percent);
    if (zone === '') return addrError(input, 'zone must be a non-empty string');
  }
  const bytes = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (rest.startsWith('::')) {
    ellipsis = 0;
    rest = rest.slice(2);
    if (rest === '') return { family: 'IPv6', value: 0n, bits: 128, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < rest.length; off++) {
      const digit = hexValue(rest[off]!);
      if (digit < 0) break;
      acc = acc * 16 + digit;
      if (off > 3) return addrError(input, 'each group must have 4 or less digits', rest);
      if (acc > 0xffff) return addrError(input, 'IPv6 field has value >=2^16', rest);
    }
    if (off === 0) return addrError(input, 'each colon-separated field must have at least one digit', rest);
    if (off < rest.length && rest[off] === '.') {
      if (ellipsis < 0 && i !== 12) return addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', rest);
      if (i + 4 > 16) return addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', rest);
      const end = input.length - (zone === '' ? 0 : zone.length + 1);
      const fields = ipv4Fields(input, end - rest.length, end);
      if ('error' in fields) return fields;
      bytes.splice(i, 4, ...fields.fields);
      rest = '';
      i += 4;
      break;
    }
    bytes[i] = acc >> 8;
    bytes[i + 1] = acc & 0xff;
    i += 2;
    rest = rest.slice(off);
    if (rest === '') break;
    if (rest[0] !== ':') return addrError(input, 'unexpected character, want colon', rest);
    if (rest.length === 1) return addrError(input, 'colon must be followed by more characters', rest);
    rest = rest.slice(1);
    if (rest[0] === ':') {
      if (ellipsis >= 0) return addrError(input, 'multiple :: in address', rest);
      ellipsis = i;
      rest = rest.slice(1);
      if (rest === '') break;
    }
  }
  if (rest !== '') return addrError(input, 'trailing garbage after address', rest);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, 'address string too short');
    const zeros = 16 - i;
    bytes.splice(ellipsis, 0, ...new Array<number>(zeros).fill(0));
    bytes.length = 16;
  } else if (ellipsis >= 0) return addrError(input, 'the :: must expand to at least one field of zeros');
  return { family: 'IPv6', value: fromBytes(bytes), bits: 128, zone };
}

/** netip.ParseAddr. */
export function goParseAddr(input: string): Parsed<NetipAddr> {
  for (const c of input) {
    if (c === '.') return parseIPv4(input);
    if (c === ':') return parseIPv6(input);
    if (c === '%') return addrError(input, 'missing IPv6 address');
  }
  return addrError(input, 'unable to parse IP');
}

/** netip.ParsePrefix: an address without a zone, "/" and a decimal length within its width. */
export function goParsePrefix(input: string): Parsed<NetipPrefix> {
  const fail = (message: string) => ({ error: `netip.ParsePrefix(${goQuote(input)}): ${message}` });
  const slash = input.lastIndexOf('/');
  if (slash < 0) return fail("no '/'");
  const address = goParseAddr(input.slice(0, slash));
  if ('error' in address) return fail(address.error);
  if (address.family === 'IPv6' && address.zone !== '') return fail('IPv6 zones cannot be present in a prefix');
  const bits = input.slice(slash + 1);
  // Only decimal digits, no leading zero, within strconv.Atoi's int64.
  if ((bits.length > 1 && (bits[0]! < '1' || bits[0]! > '9')) || !/^[+-]?\d+$/.test(bits) || BigInt(bits) > 2n ** 63n - 1n)
    return fail(`bad bits after slash: ${goQuote(bits)}`);
  const length = Number(bits);
  if (length < 0 || length > address.bits) return fail('prefix length out of range');
  return { ...address, length };
}
