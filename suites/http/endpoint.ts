/** Where a target listens. Only unix sockets and loopback TCP unless the user allows otherwise. */
export type Endpoint =
  | { readonly kind: 'unix'; readonly path: string }
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number };

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

/** Parses `unix:///path` or `tcp://host:port` (the form CTR_HOST / DOCKER_HOST take). */
export function parseEndpoint(text: string, allowRemote = false): Endpoint {
  if (text.startsWith('unix://')) {
    const path = text.slice('unix://'.length);
    if (path === '') throw new EndpointError('ENDPOINT_FORMAT', `no socket path in ${JSON.stringify(text)}`);
    return { kind: 'unix', path };
  }
  const tcp = /^(?:tcp|http):\/\/(\[[^\]]+\]|[^:/]+):(\d{1,5})\/?$/.exec(text);
  if (tcp === null) throw new EndpointError('ENDPOINT_FORMAT', `expected unix:///path or tcp://host:port, got ${JSON.stringify(text)}`);
  const host = tcp[1]!.replace(/^\[(.*)\]$/, '$1');
  if (!allowRemote && !LOOPBACK.test(host)) {
    throw new EndpointError('ENDPOINT_NOT_LOOPBACK', `refusing to send traffic to ${host}: only unix sockets and loopback addresses are tested (pass --allow-remote to override)`);
  }
  return { kind: 'tcp', host, port: Number(tcp[2]) };
}

export function formatEndpoint(endpoint: Endpoint): string {
  return endpoint.kind === 'unix' ? `unix://${endpoint.path}` : `tcp://${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${endpoint.port}`;
}
