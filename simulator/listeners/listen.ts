import type { Server } from 'node:net';
import type { SecureContextOptions } from 'node:tls';
import { SimError } from '../errors.js';
import { describeAddress, type ListenAddress } from './address.js';
import { tlsFront } from './tls-front.js';
import { bindMask, checkUnixPath, removeStaleSocket, restrictSocket, underUmask } from './unix-socket.js';

/** TLS settings of a listener: a certificate, and client verification when `ca` is given. */
export interface TlsListenerOptions extends SecureContextOptions {
  readonly requestCert?: boolean;
  readonly rejectUnauthorized?: boolean;
}

export interface ListenerOptions {
  /** Accept backlog (listenBacklog()). */
  readonly backlog: number;
  /** When present the listener speaks TLS (TCP listeners of a daemon with TLS on). */
  readonly tls?: TlsListenerOptions;
  /** The group unix sockets are given (resolveSocketGroup), null to keep the caller's. */
  readonly socketGroup?: number | null;
  /** Faults of the TLS front (listeners/tls-front.ts): plain HTTP served, SSLv3 answered. */
  /** Quirk hypothetical.tls.verify.plain-before-tls: plainForMs > 0 serves plain HTTP that long after opening. */
  /** Quirk hypothetical.tls.plain-request.ping-served: plainPing serves a plain GET or HEAD /_ping. */
  readonly frontFaults?: { readonly plainRequest: boolean; readonly sslv3: boolean; readonly plainForMs?: number; readonly plainPing?: boolean };
  /** Fault (listen.unix.mode): the mode unix sockets get instead of 0660. */
  readonly socketMode?: number;
  /**
   * Fault (listen.unix.mode-from-start) and its quirk
   * hypothetical.listen.unix.mode-from-start.chmod-after-listen: unix sockets are bound under the
   * process's umask and get their mode `lateMs` after they listen, answering nothing meanwhile (the
   * fault 200, the quirk 5).
   */
  readonly socketBoundAsIs?: { readonly lateMs: number } | undefined;
}

/** Builds the server that answers on one listener: HTTP, or HTTPS when `tls` is given. */
export type ServerFactory = (tls: TlsListenerOptions | undefined, basePath: string) => Server;

/** A socket the daemon serves on. */
export interface Listener {
  readonly address: ListenAddress;
  /** `unix:///p`, `tcp://h:port` (the bound port) or `fd://n`. */
  readonly endpoint: string;
  readonly server: Server;
}

/** Go's words for the errors a bind can meet, as dockerd prints them. */
function goReason(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return 'bind: address already in use';
    case 'EACCES':
      return 'bind: permission denied';
    case 'EADDRNOTAVAIL':
      return 'bind: cannot assign requested address';
    case 'ENOENT':
      return 'bind: no such file or directory';
    case 'EINVAL':
      return 'bind: invalid argument';
    default:
      return error.message;
  }
}

function listenError(address: ListenAddress, error: NodeJS.ErrnoException): SimError {
  if (address.kind === 'unix') {
    return new SimError('SIM_LISTEN', `failed to load listeners: can't create unix socket ${address.path}: listen unix ${address.path}: ${goReason(error)}`);
  }
  if (address.kind === 'tcp') {
    if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN')
      return new SimError('SIM_LISTEN', `failed to load listeners: listen tcp: lookup ${address.host}: no such host`);
    return new SimError('SIM_LISTEN', `failed to load listeners: listen tcp ${address.host}:${address.port}: ${goReason(error)}`);
  }
  return new SimError('SIM_LISTEN', `failed to load listeners: fd ${String(address.fd)}: ${error.message}`);
}

/**
 * Fault (listen.unix.mode-from-start): the server answers no request during its first `ms`; the
 * requests that came wait and are answered after (a connection made then stays usable).
 */
function holdRequests(server: Server, ms: number): void {
  const opened = new Promise<void>((resolve) => setTimeout(resolve, ms));
  const handlers = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (...args: unknown[]) => void opened.then(() => handlers.forEach((handler) => handler.apply(server, args))));
}

/** Quirk hypothetical.tls.plain-request.ping-served: whether the first bytes of a connection are a plain GET or HEAD of /_ping (unversioned or versioned). */
const isPlainPing = (first: Buffer): boolean => /^(GET|HEAD) (\/v[0-9.]+)?\/_ping[ ?]/.test(first.toString('latin1', 0, 64));

/** Opens one listener: checks the address, builds its server and starts listening. */
export function openListener(address: ListenAddress, makeServer: ServerFactory, options: ListenerOptions): Promise<Listener> {
  if (address.kind === 'unix') checkUnixPath(address.path);
  const inner = makeServer(options.tls, address.kind === 'tcp' ? address.basePath : '');
  const faults = options.frontFaults;
  const server =
    options.tls === undefined
      ? inner
      : tlsFront(inner, {
          answerSslv3: faults?.sslv3 === true,
          ...(faults?.plainRequest === true || (faults?.plainForMs ?? 0) > 0 || faults?.plainPing === true
            ? { plainServer: makeServer(undefined, address.kind === 'tcp' ? address.basePath : '') }
            : {}),
          ...(faults?.plainRequest !== true && (faults?.plainForMs ?? 0) > 0 ? { plainUntil: Date.now() + faults!.plainForMs! } : {}),
          ...(faults?.plainRequest !== true && faults?.plainPing === true ? { plainIf: isPlainPing } : {}),
        });
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException): void => {
      server.close();
      reject(listenError(address, error));
    };
    server.once('error', fail);
    const lateMs = options.socketBoundAsIs?.lateMs ?? 0;
    const done = (): void => {
      server.off('error', fail);
      const bound = server.address();
      const listener = { address, server, endpoint: describeAddress(address, typeof bound === 'object' && bound !== null ? bound.port : undefined) };
      if (address.kind !== 'unix') return resolve(listener);
      const restrict = (): void => {
        restrictSocket(address.path, options.socketGroup ?? null, options.socketMode);
        resolve(listener);
      };
      if (lateMs > 0) setTimeout(restrict, lateMs);
      else restrict();
    };
    if (address.kind === 'unix') {
      removeStaleSocket(address.path);
      // Fault: connections made in the window wait, as in dockerd's backlog until its API serves, and are served after it.
      if (lateMs > 0) holdRequests(server, lateMs);
      const listen = (): unknown => server.listen({ path: address.path, backlog: options.backlog }, done);
      // Bound with no access for others from its first moment; restrictSocket then gives it its group and mode.
      if (options.socketBoundAsIs !== undefined) listen();
      else underUmask(bindMask(options.socketMode ?? 0o660), listen);
    } else if (address.kind === 'tcp') {
      server.listen({ port: address.port, host: address.host, backlog: options.backlog }, done);
    } else {
      server.listen({ fd: address.fd as number, backlog: options.backlog }, done);
    }
  });
}
