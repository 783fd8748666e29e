import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import { SimError } from './errors.js';

export type ListenAddress =
  | { readonly kind: 'unix'; readonly path: string }
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number; readonly basePath: string }
  | { readonly kind: 'fd'; readonly fd: number | 'all' };

const TCP_SHORTHAND = /^([^/:]*):(\d*)(\/.*)?$/;

/** Parses one `-H` value (daemon.md › Endpoints › Daemon listening sockets). */
export function parseHost(raw: string, defaultUnixPath: string, tls: boolean): ListenAddress {
  const scheme = raw.indexOf('://');
  if (scheme < 0) {
    const short = TCP_SHORTHAND.exec(raw);
    if (short === null) throw new SimError('SIM_LISTEN', `bad format ${raw}, expected PROTO://ADDR`);
    return tcp(short[1]!, short[2]!, short[3] ?? '', tls, raw);
  }
  const proto = raw.slice(0, scheme);
  const rest = raw.slice(scheme + 3);
  switch (proto) {
    case 'unix':
      return { kind: 'unix', path: rest === '' ? defaultUnixPath : rest };
    case 'tcp': {
      const match = /^(\[[^\]]*\]|[^/:]*)(?::(\d*))?(\/.*)?$/.exec(rest);
      if (match === null) throw new SimError('SIM_LISTEN', `invalid bind address format: ${raw}`);
      return tcp(match[1]!, match[2] ?? '', match[3] ?? '', tls, raw);
    }
    case 'fd': {
      if (rest === '' || rest === '*') return { kind: 'fd', fd: 'all' };
      if (!/^\d+$/.test(rest)) throw new SimError('SIM_LISTEN', `failed to parse systemd fd address: should be a number: ${rest}`);
      return { kind: 'fd', fd: Number(rest) };
    }
    default:
      throw new SimError('SIM_LISTEN', `invalid protocol format: ${JSON.stringify(proto)}`);
  }
}

function tcp(hostText: string, portText: string, basePath: string, tls: boolean, raw: string): ListenAddress {
  const host = hostText === '' ? '127.0.0.1' : hostText.replace(/^\[(.*)\]$/, '$1');
  const port = portText === '' ? (tls ? 2376 : 2375) : Number(portText);
  if (!Number.isInteger(port) || port > 65535) throw new SimError('SIM_LISTEN', `invalid bind address format: ${raw}`);
  return { kind: 'tcp', host, port, basePath };
}

/** Socket-activation file descriptors handed over by the service manager (fds 3, 4, …). */
export function activationFds(env: Readonly<Record<string, string | undefined>>, pid: number): number[] {
  if (env['LISTEN_PID'] !== String(pid)) return [];
  const count = Number(env['LISTEN_FDS'] ?? '0');
  return Number.isInteger(count) && count > 0 ? Array.from({ length: count }, (_, i) => 3 + i) : [];
}

/** The concrete listen targets for one address; fd:// may expand to several. */
export function expandAddress(address: ListenAddress, fds: readonly number[]): ListenAddress[] {
  if (address.kind !== 'fd') return [address];
  if (fds.length === 0) throw new SimError('SIM_LISTEN', 'no sockets found via socket activation: make sure the service was started by systemd');
  if (address.fd === 'all') return fds.map((fd) => ({ kind: 'fd', fd }));
  if (!fds.includes(address.fd)) throw new SimError('SIM_LISTEN', `too few socket activated files passed in by systemd (no fd ${address.fd})`);
  return [address];
}

function removeStaleSocket(path: string): void {
  try {
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch {
    // Nothing there: nothing to remove.
  }
}

/** Starts `server` listening on one address. */
export function listenOn(server: Server, address: ListenAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => {
      const where = address.kind === 'unix' ? address.path : address.kind === 'tcp' ? `${address.host}:${address.port}` : `fd ${String(address.fd)}`;
      reject(new SimError('SIM_LISTEN', `can't listen on ${where}: ${error.message}`));
    };
    server.once('error', fail);
    const done = (): void => {
      server.off('error', fail);
      if (address.kind === 'unix') chmodSync(address.path, 0o660);
      resolve();
    };
    if (address.kind === 'unix') {
      removeStaleSocket(address.path);
      server.listen(address.path, done);
    } else if (address.kind === 'tcp') {
      server.listen(address.port, address.host, done);
    } else {
      server.listen({ fd: address.fd as number }, done);
    }
  });
}

export function describeAddress(address: ListenAddress, server: Server): string {
  if (address.kind === 'unix') return `unix://${address.path}`;
  if (address.kind === 'fd') return `fd://${String(address.fd)}`;
  const bound = server.address();
  const port = typeof bound === 'object' && bound !== null ? bound.port : address.port;
  return `tcp://${address.host.includes(':') ? `[${address.host}]` : address.host}:${port}`;
}
