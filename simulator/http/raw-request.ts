/** A request line read from raw bytes, for requests node's parser refused. */
export interface RequestLine {
  readonly method: string;
  readonly target: string;
  readonly version: string;
}

/** RFC 9110 token characters: what a method may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The first line of `bytes` when it is `METHOD SP target SP HTTP/x.y` with a token method; else null. */
export function parseRequestLine(bytes: Buffer | undefined): RequestLine | null {
  if (bytes === undefined) return null;
  const end = bytes.indexOf('\r\n');
  if (end < 0) return null;
  const parts = bytes.subarray(0, end).toString('latin1').split(' ');
  if (parts.length !== 3) return null;
  const [method, target, version] = parts as [string, string, string];
  if (!TOKEN.test(method) || target === '' || !/^HTTP\/1\.[01]$/.test(version)) return null;
  return { method, target, version };
}
