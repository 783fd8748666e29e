import type { DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import { addressVariant, refuseTcpPath, type AddressVariant } from './address-variant.js';

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
 * (udp://x): unsupported proto 'udp'`. Where a fault or a quirk makes it differ, it reads the field
 * of its variant (address-variant.ts).
 */
export function parseHost(
  raw: string,
  defaultUnixPath: string,
  tls: boolean,
  faults: ReadonlySet<string> = NO_FAULTS,
  quirks: Quirks = NO_QUIRKS,
): ListenAddress {
  const variant = addressVariant({ faults, quirks: quirks.quirks });
  const scheme = raw.indexOf('://');
  if (scheme < 0) {
    const short = TCP_SHORTHAND.exec(raw);
    if (short === null) throw badAddress(raw, 'invalid address');
    const address = tcp(short[1]!, short[2] ?? '', short[3] ?? '', tls, raw, variant, quirks.release);
    return variant.colonFormOnNextPort && address.kind === 'tcp' && raw.startsWith(':') ? { ...address, port: address.port + 1 } : address;
  }
  const proto = raw.slice(0, scheme);
  const rest = raw.slice(scheme + 3);
  switch (proto) {
    case 'unix':
      return { kind: 'unix', path: rest === '' ? defaultUnixPath : rest };
    case 'tcp': {
      const match = TCP_SHORTHAND.exec(rest);
      if (match === null) throw badAddress(raw, 'invalid address');
      return tcp(match[1]!, match[2] ?? '', match[3] ?? '', tls, raw, variant, quirks.release);
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

/** The quirks the listener addresses follow (`--quirk`, `--as-observed`), and the release whose words they use. */
export interface Quirks {
  readonly quirks: ReadonlySet<string>;
  readonly release: DaemonRelease | null;
}
const NO_QUIRKS: Quirks = { quirks: new Set(), release: null };

function tcp(
  hostText: string,
  portText: string,
  basePath: string,
  tls: boolean,
  raw: string,
  variant: AddressVariant,
  release: DaemonRelease | null,
): ListenAddress {
  const named = hostText === 'localhost' ? variant.localhost : hostText;
  const host = named === '' ? '127.0.0.1' : named.replace(/^\[(.*)\]$/, '$1');
  const defaultPort = tls ? variant.tlsDefaultPort(hostText !== '') : 2375;
  const port = portText === '' ? defaultPort : Number(portText);
  if (!Number.isInteger(port) || port > 65535) throw badAddress(raw, `invalid port ${portText}`);
  if (basePath !== '' && variant.pathRefused && release !== null) throw refuseTcpPath(raw, portText, basePath, release);
  return { kind: 'tcp', host, port, basePath: variant.pathKept ? basePath : '', named: hostText !== '' };
}

/** How an address is written in logs and endpoint lists: `unix:///p`, `tcp://h:port`, `fd://n`. */
export function describeAddress(address: ListenAddress, boundPort?: number): string {
  if (address.kind === 'unix') return `unix://${address.path}`;
  if (address.kind === 'fd') return `fd://${String(address.fd)}`;
  return `tcp://${address.host.includes(':') ? `[${address.host}]` : address.host}:${boundPort ?? address.port}`;
}
