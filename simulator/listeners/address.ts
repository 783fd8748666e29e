import type { DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import { defaultTcpPort } from '../quirks/listeners/tcp-default-port-2375.js';
import { tcpPathProblem } from '../quirks/listeners/tcp-path-refused.js';

/** The quirks the simulator carries and the release it emulates (specs/quirks), for parseHost. */
export interface HostQuirks {
  readonly quirks: ReadonlySet<string>;
  readonly release: DaemonRelease;
}

/** One place to listen, as a `-H` value names it (daemon.md › Endpoints › Daemon listening sockets). */
export type ListenAddress =
  | { readonly kind: 'unix'; readonly path: string }
  /** `named`: the host was written (bare `tcp://` and `:port` are 127.0.0.1 without one). */
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number; readonly basePath: string; readonly named: boolean }
  | { readonly kind: 'fd'; readonly fd: number | 'all' };

/** `host`, `host:port`, `:port`, with an optional base path: a bare word is a TCP host (observed: `-H bogus` passes --validate). */
const TCP_SHORTHAND = /^(\[[^\]]*\]|[^/:]*)(?::(\d*))?(\/.*)?$/;

const badAddress = (raw: string, why: string): SimError => new SimError('SIM_LISTEN', `invalid bind address (${raw}): ${why}`);

/**
 * Parses one `-H` value. The error texts are 26.1's and 28.5's (observed): `invalid bind address
 * (udp://x): unsupported proto 'udp'`.
 */
export function parseHost(raw: string, defaultUnixPath: string, tls: boolean, faults: ReadonlySet<string> = NO_FAULTS, quirks?: HostQuirks): ListenAddress {
  const scheme = raw.indexOf('://');
  if (scheme < 0) {
    const short = TCP_SHORTHAND.exec(raw);
    if (short === null) throw badAddress(raw, 'invalid address');
    const address = tcp(short[1]!, short[2] ?? '', short[3] ?? '', tls, raw, faults, quirks);
    // Fault (listen.tcp.forms): the `:port` shorthand listens on the next port.
    return faults.has('listen.tcp.forms') && address.kind === 'tcp' && raw.startsWith(':') ? { ...address, port: address.port + 1 } : address;
  }
  const proto = raw.slice(0, scheme);
  const rest = raw.slice(scheme + 3);
  switch (proto) {
    case 'unix':
      return { kind: 'unix', path: rest === '' ? defaultUnixPath : rest };
    case 'tcp': {
      const match = TCP_SHORTHAND.exec(rest);
      if (match === null) throw badAddress(raw, 'invalid address');
      return tcp(match[1]!, match[2] ?? '', match[3] ?? '', tls, raw, faults, quirks);
    }
    case 'fd': {
      if (rest === '' || rest === '*') return { kind: 'fd', fd: 'all' };
      if (!/^\d+$/.test(rest)) throw badAddress(raw, `failed to parse systemd fd address: should be a number: ${rest}`);
      return { kind: 'fd', fd: Number(rest) };
    }
    default:
      throw badAddress(raw, `unsupported proto '${proto}'`);
  }
}

const NO_FAULTS: ReadonlySet<string> = new Set();

function tcp(hostText: string, portText: string, basePath: string, tls: boolean, raw: string, faults: ReadonlySet<string>, quirks: HostQuirks | undefined): ListenAddress {
  const host = hostText === '' ? '127.0.0.1' : hostText.replace(/^\[(.*)\]$/, '$1');
  // Fault (listen.tcp.default-port): 2375 even with TLS. Quirk (observed.listen.tcp.default-port): the same.
  const port = portText === '' ? (faults.has('listen.tcp.default-port') ? 2375 : defaultTcpPort(tls, quirks?.quirks ?? NO_FAULTS)) : Number(portText);
  if (!Number.isInteger(port) || port > 65535) throw badAddress(raw, `invalid port ${portText}`);
  // Quirk (observed.listen.tcp.path): the releases from 23.0 refuse a path.
  const pathProblem = basePath === '' || quirks === undefined ? null : tcpPathProblem(quirks.quirks, quirks.release);
  if (pathProblem !== null) throw badAddress(raw, pathProblem);
  // Fault (listen.tcp.path): the path is dropped.
  return { kind: 'tcp', host, port, basePath: faults.has('listen.tcp.path') ? '' : basePath, named: hostText !== '' };
}

/** How an address is written in logs and endpoint lists: `unix:///p`, `tcp://h:port`, `fd://n`. */
export function describeAddress(address: ListenAddress, boundPort?: number): string {
  if (address.kind === 'unix') return `unix://${address.path}`;
  if (address.kind === 'fd') return `fd://${String(address.fd)}`;
  return `tcp://${address.host.includes(':') ? `[${address.host}]` : address.host}:${boundPort ?? address.port}`;
}
