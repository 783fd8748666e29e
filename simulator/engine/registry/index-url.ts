import { goParseAddr } from '../go-netip.js';
import { goQuote } from '../go-strconv.js';

/**
 * Go's net/url.Parse of `https://<index name>`, which a search of another index makes before it
 * dials (moby's newV1EndpointFromStr): the error's words, or null where the URL parses. The
 * releases' Go words it in three ways (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-07):
 * 'plain' (20.10, 26.1), 'ip-literal' (28.5: a bracketed host must be an IPv6 address, a "["
 * elsewhere is refused) and 'first-colon' (29.7: that, and the port starts at the host's first ":").
 */
export type GoUrlDialect = 'plain' | 'ip-literal' | 'first-colon';

/** Characters a host may hold unescaped besides letters, digits and bytes beyond ASCII (Go's shouldEscape, host mode). */
const HOST_PUNCTUATION = new Set('-_.~!$&\'()*+,;=:[]<>"');
/** Characters userinfo may hold besides letters and digits (Go's validUserinfo). */
const USERINFO_PUNCTUATION = new Set("-._:~!$&'()*+,;=%@");

const isAlnum = (char: string): boolean => /^[a-zA-Z0-9]$/.test(char);
const isHex = (char: string | undefined): boolean => char !== undefined && /^[0-9a-fA-F]$/.test(char);
const hostMayHold = (char: string): boolean => char.charCodeAt(0) >= 0x80 || isAlnum(char) || HOST_PUNCTUATION.has(char);

/** Go's validOptionalPort: nothing, or ":" and digits. */
const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

type Unescaped = { readonly text: string } | { readonly error: string };

/** Go's unescape of a host, a zone, userinfo or a fragment: its text, or the EscapeError / InvalidHostError. */
function goUnescape(text: string, mode: 'host' | 'zone' | 'userinfo' | 'fragment'): Unescaped {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%') {
      if (!isHex(text[i + 1]) || !isHex(text[i + 2])) return { error: `invalid URL escape ${goQuote(text.slice(i, i + 3))}` };
      const sequence = text.slice(i, i + 3);
      const byte = Number.parseInt(sequence.slice(1), 16);
      if (mode === 'host' && byte < 0x80 && sequence !== '%25') return { error: `invalid URL escape ${goQuote(sequence)}` };
      // A zone's escapes must stand for what a host may hold unescaped (ASCII), or a space.
      const zoneMayHold = byte < 0x80 && (byte === 0x20 || hostMayHold(String.fromCharCode(byte)));
      if (mode === 'zone' && sequence !== '%25' && !zoneMayHold) return { error: `invalid URL escape ${goQuote(sequence)}` };
      out += String.fromCharCode(byte);
      i += 2;
    } else if ((mode === 'host' || mode === 'zone') && char.charCodeAt(0) < 0x80 && !hostMayHold(char)) {
      return { error: `invalid character ${goQuote(char)} in host name` };
    } else out += char;
  }
  return { text: out };
}

/** A bracketed host ("[" first): Go's parseHost's IP-literal branch. */
function bracketedHostProblem(host: string, dialect: GoUrlDialect): string | null {
  const close = host.lastIndexOf(']');
  if (close < 0) return "missing ']' in host";
  const colonPort = host.slice(close + 1);
  if (!validOptionalPort(colonPort)) return `invalid port ${goQuote(colonPort)} after host`;
  const inside = host.slice(1, close);
  const zoneAt = inside.indexOf('%25');
  const address = goUnescape(zoneAt < 0 ? inside : inside.slice(0, zoneAt), 'host');
  if ('error' in address) return address.error;
  const zone = zoneAt < 0 ? { text: '' } : goUnescape(inside.slice(zoneAt), 'zone');
  if ('error' in zone) return zone.error;
  if (dialect === 'plain') return null;
  const parsed = goParseAddr(address.text + zone.text);
  if ('error' in parsed) return `invalid host: ${parsed.error}`;
  return parsed.family === 'IPv4' ? 'invalid IP-literal' : null;
}

/** Go's parseHost. */
function hostProblem(host: string, dialect: GoUrlDialect): string | null {
  // From the IP-literal checks a "[" anywhere but first is refused before anything else.
  if (dialect !== 'plain' && host.indexOf('[', 1) > 0) return 'invalid IP-literal';
  if (host.startsWith('[')) return bracketedHostProblem(host, dialect);
  const colon = dialect === 'first-colon' ? host.indexOf(':') : host.lastIndexOf(':');
  if (colon >= 0 && !validOptionalPort(host.slice(colon))) return `invalid port ${goQuote(host.slice(colon))} after host`;
  const unescaped = goUnescape(host, 'host');
  return 'error' in unescaped ? unescaped.error : null;
}

/** Go's parseAuthority: the host after the last "@", then the userinfo's characters and escapes. */
function authorityProblem(authority: string, dialect: GoUrlDialect): string | null {
  const at = authority.lastIndexOf('@');
  const host = hostProblem(authority.slice(at + 1), dialect);
  if (host !== null || at < 0) return host;
  const userinfo = authority.slice(0, at);
  if (![...userinfo].every((char) => isAlnum(char) || USERINFO_PUNCTUATION.has(char))) return 'net/url: invalid userinfo';
  const colon = userinfo.indexOf(':');
  for (const part of colon < 0 ? [userinfo] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)]) {
    const unescaped = goUnescape(part, 'userinfo');
    if ('error' in unescaped) return unescaped.error;
  }
  return null;
}

/** The error of url.Parse(`https://${indexName}`) in the dialect's words, or null. The name holds no "/". */
export function indexUrlProblem(indexName: string, dialect: GoUrlDialect): string | null {
  const raw = `https://${indexName}`;
  const hash = raw.indexOf('#');
  const beforeFragment = hash < 0 ? raw : raw.slice(0, hash);
  const fail = (why: string, named = beforeFragment): string => `parse ${goQuote(named)}: ${why}`;
  if ([...beforeFragment].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fail('net/url: invalid control character in URL');
  const authority = beforeFragment.slice('https://'.length).split('?')[0]!;
  const problem = authorityProblem(authority, dialect);
  if (problem !== null) return fail(problem);
  if (hash < 0) return null;
  const fragment = goUnescape(raw.slice(hash + 1), 'fragment');
  return 'error' in fragment ? fail(fragment.error, raw) : null;
}
