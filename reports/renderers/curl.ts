/** A curl command for one recorded exchange: what a reader pastes to send the request again. */
import { isBinaryBodyNote, type HttpExchange } from '../model/result.js';

/** Single-quoted for a POSIX shell: a URL may hold `?`, `&` or `#`. */
const quoted = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** Quotes a word for a POSIX shell when it needs it. */
export const shellWord = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : quoted(word));

/**
 * `curl -sS -i --unix-socket /path 'http://localhost/v1.12/version'` for an exchange whose
 * endpoint is known; undefined otherwise. HEAD becomes -I (curl would wait for a body), other
 * methods than GET -X METHOD, a request body --data-binary.
 */
export function curlCommand(exchange: Pick<HttpExchange, 'request' | 'endpoint' | 'requestBody'>): string | undefined {
  const match = /^(\S+) (.*)$/.exec(exchange.request);
  if (match === null || exchange.endpoint === undefined) return undefined;
  const [, method = 'GET', path = '/'] = match;
  let base: string;
  const socket: string[] = [];
  const unix = /^unix:\/\/(\S+)(?: \(base (\S+)\))?$/.exec(exchange.endpoint);
  if (unix !== null) {
    socket.push('--unix-socket', shellWord(unix[1]!));
    base = `http://localhost${unix[2] ?? ''}`;
  } else {
    const net = /^(?:tcp|http|https):\/\/\S+$/.exec(exchange.endpoint);
    if (net === null) return undefined;
    base = exchange.endpoint.replace(/^tcp:/, 'http:');
  }
  const how = method === 'HEAD' ? ['-I'] : method === 'GET' && exchange.requestBody === undefined ? [] : ['-X', shellWord(method)];
  // A binary body is only described in the report ("(N bytes of binary data)"): curl reads it from a file the user supplies.
  const binary = exchange.requestBody !== undefined && isBinaryBodyNote(exchange.requestBody);
  const data = exchange.requestBody === undefined ? [] : ['--data-binary', binary ? '@BODY.bin' : shellWord(exchange.requestBody)];
  return ['curl', '-sS', '-i', ...how, ...socket, ...data, quoted(base + path)].join(' ');
}
