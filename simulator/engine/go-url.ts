import { goQuote } from './go-strconv.js';

/**
 * Go's net/url.Parse, as far as a volume's CIFS device needs it: the error's words, or the URL's
 * port (`Port()`, "" when none). The scheme, the query and the fragment are cut as Go cuts them;
 * escapes are checked in the host, the path and the fragment, characters in the host, the port's
 * digits and a colon in a first segment without scheme.
 */
export function goUrlPort(raw: string): { readonly port: string } | { readonly error: string } {
  const hash = raw.indexOf('#');
  const [whole, fragment] = hash < 0 ? [raw, ''] : [raw.slice(0, hash), raw.slice(hash + 1)];
  // Go parses the text before "#" first, and names only it in that part's errors.
  const fail = (why: string) => ({ error: `parse ${goQuote(whole)}: ${why}` });
  if ([...whole].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fail('net/url: invalid control character in URL');
  const scheme = schemeOf(whole);
  if (scheme === null) return fail('missing protocol scheme');
  let rest = whole.slice(scheme === '' ? 0 : scheme.length + 1);
  const question = rest.indexOf('?');
  if (question >= 0) rest = rest.slice(0, question);
  let port = '';
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { port: '' };
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) return fail('first path segment in URL cannot contain colon');
  } else if (rest.startsWith('//') && (scheme !== '' || !rest.startsWith('///'))) {
    const end = rest.indexOf('/', 2);
    const authority = rest.slice(2, end < 0 ? undefined : end);
    rest = end < 0 ? '' : rest.slice(end);
    const host = authority.slice(authority.lastIndexOf('@') + 1);
    const colon = host.startsWith('[') ? host.indexOf(':', host.indexOf(']')) : host.lastIndexOf(':');
    if (colon >= 0) {
      const colonPort = host.slice(colon);
      if (!/^:\d*$/.test(colonPort)) return fail(`invalid port ${goQuote(colonPort)} after host`);
      port = colonPort.slice(1);
    }
    const hostProblem = unescapeProblem(host, true);
    if (hostProblem !== null) return fail(hostProblem);
  }
  const problem = unescapeProblem(rest, false);
  if (problem !== null) return fail(problem);
  const fragmentProblem = unescapeProblem(fragment, false);
  return fragmentProblem === null ? { port } : { error: `parse ${goQuote(raw)}: ${fragmentProblem}` };
}

/** The scheme before the first ":" (letters, then letters, digits, "+", "-", "."), "" when there is none, null for a ":" first. */
function schemeOf(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (/[a-zA-Z]/.test(char)) continue;
    if (/[0-9+.-]/.test(char)) {
      if (i === 0) return '';
      continue;
    }
    if (char === ':') return i === 0 ? null : text.slice(0, i);
    return '';
  }
  return '';
}

/** Characters a host may hold unescaped besides letters, digits and bytes beyond ASCII (Go's shouldEscape in host mode). */
const HOST_CHARS = new Set('-_.~!$&\'()*+,;=:[]<>"');

/** Go's unescape: a "%" needs two hex digits after it (in a host, below %80 only %25); a host holds no other ASCII to escape. */
function unescapeProblem(text: string, host: boolean): string | null {
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%') {
      const sequence = text.slice(i, i + 3);
      if (!/^%[0-9a-fA-F]{2}$/.test(sequence)) return `invalid URL escape ${goQuote(sequence)}`;
      if (host && Number.parseInt(sequence[1]!, 16) < 8 && sequence !== '%25') return `invalid URL escape ${goQuote(sequence)}`;
      i += 2;
    } else if (host && char.charCodeAt(0) < 0x80 && !/[a-zA-Z0-9]/.test(char) && !HOST_CHARS.has(char))
      return `invalid character ${goQuote(char)} in host name`;
  }
  return null;
}
