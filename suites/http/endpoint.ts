/** Client credentials and checks for a TLS endpoint (PEM text, not paths). */
export interface TlsSettings {
  /** CA certificate(s) that sign the server's certificate; the system's when absent. */
  readonly ca?: string;
  /** Client certificate and key, for a server that verifies its clients. */
  readonly cert?: string;
  readonly key?: string;
  /** Name the server certificate must carry; the host by default. */
  readonly servername?: string;
  /** Whether an unverifiable server certificate ends the connection; true by default. */
  readonly rejectUnauthorized?: boolean;
}

/** What a recording answers a request with: the recorded answer, or why it has none. */
export type PlaybackAnswer =
  | { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string }
  | { readonly notRecorded: string };

/**
 * A recording played back in this process (the replay target): the client asks it for each
 * request's recorded answer, found by key, instead of sending the request anywhere.
 */
export interface Playback {
  answer(method: string, path: string, body: Buffer | undefined): PlaybackAnswer;
}

/**
 * Where a target listens. Only unix sockets and loopback TCP unless the user allows otherwise.
 * `basePath` prefixes every request path (e.g. `/engines/v1` for an OpenAI-compatible API);
 * `tls` makes a TCP endpoint HTTPS.
 */
export type Endpoint =
  | { readonly kind: 'unix'; readonly path: string; readonly basePath?: string }
  | {
      readonly kind: 'tcp';
      readonly host: string;
      readonly port: number;
      readonly basePath?: string;
      readonly tls?: TlsSettings;
      readonly playback?: Playback;
    };

/** The same server without the base path: its root. */
export function rootOf(endpoint: Endpoint): Endpoint {
  if (endpoint.basePath === undefined) return endpoint;
  const { basePath: _, ...root } = endpoint;
  return root;
}

export class EndpointError extends Error {
  override readonly name = 'EndpointError';
  constructor(
    readonly code: 'ENDPOINT_FORMAT' | 'ENDPOINT_NOT_LOOPBACK',
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

/** Whether a host name or address is this machine (127.0.0.0/8, localhost, ::1). */
export const isLoopback = (host: string): boolean => LOOPBACK.test(host);

/** `/engines/v1/` → `/engines/v1`; `/` and `` → undefined. */
function cleanBasePath(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Parses `unix:///path`, `tcp://host:port`, `http://host:port[/base]` or `https://host:port[/base]`
 * (the forms CTR_HOST / DOCKER_HOST take, plus a base path). `tls` is given to an `https:` address
 * (and to `tcp:` when passed, as DOCKER_TLS_VERIFY does).
 */
export function parseEndpoint(text: string, allowRemote = false, tls?: TlsSettings): Endpoint {
  if (text.startsWith('unix://')) {
    const path = text.slice('unix://'.length);
    if (path === '' || !path.startsWith('/')) throw new EndpointError('ENDPOINT_FORMAT', `no absolute socket path in ${JSON.stringify(text)}`);
    return { kind: 'unix', path };
  }
  const tcp = /^(tcp|http|https):\/\/(\[[^\]]+\]|[^:/[\]]+):(\d{1,5})(\/[^?#]*)?$/.exec(text);
  if (tcp === null)
    throw new EndpointError('ENDPOINT_FORMAT', `expected unix:///path, tcp://host:port or http(s)://host:port[/base], got ${JSON.stringify(text)}`);
  const host = tcp[2]!.replace(/^\[(.*)\]$/, '$1');
  const port = Number(tcp[3]);
  if (port < 1 || port > 65535) throw new EndpointError('ENDPOINT_FORMAT', `port out of range in ${JSON.stringify(text)}`);
  if (!allowRemote && !isLoopback(host)) {
    throw new EndpointError(
      'ENDPOINT_NOT_LOOPBACK',
      `refusing to send traffic to ${host}: only unix sockets and loopback addresses are tested (pass --allow-remote to override)`,
    );
  }
  const basePath = cleanBasePath(tcp[4]);
  const secure = tcp[1] === 'https' ? (tls ?? {}) : tls;
  return { kind: 'tcp', host, port, ...(basePath === undefined ? {} : { basePath }), ...(secure === undefined ? {} : { tls: secure }) };
}

/** The address form of an endpoint: `unix:///path`, `tcp://host:port` or `https://host:port/base`. */
export function formatEndpoint(endpoint: Endpoint): string {
  if (endpoint.kind === 'unix') return `unix://${endpoint.path}${endpoint.basePath === undefined ? '' : ` (base ${endpoint.basePath})`}`;
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  const scheme = endpoint.tls !== undefined ? 'https' : endpoint.basePath !== undefined ? 'http' : 'tcp';
  return `${scheme}://${host}:${endpoint.port}${endpoint.basePath ?? ''}`;
}
