import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createHandler, handlerState, type HandlerState } from './api/handler.js';
import { buildResponseKit } from './api/responses.js';
import { resolveConfig, type ConfigSources, type SimConfig } from './config.js';
import { SimError } from './errors.js';
import { activationFds, describeAddress, expandAddress, listenOn, parseHost, type ListenAddress } from './listeners.js';
import { silentLogger, type Logger } from './log.js';

/** Go's net/http default limit (1 MiB) plus its 4 KiB slack, so header limits match the real daemon. */
const MAX_HEADER_BYTES = 1024 * 1024 + 4096;

export interface StartOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  readonly pid?: number;
}

export type ReloadOutcome = { readonly ok: true; readonly config: SimConfig } | { readonly ok: false; readonly error: SimError };

/** A simulator that is serving. */
export interface RunningSimulator {
  readonly config: SimConfig;
  /** Where it listens, as `unix://…`, `tcp://host:port` or `fd://n`. */
  readonly endpoints: readonly string[];
  /** Re-reads the configuration file; on failure keeps serving the old configuration. */
  reload(sources: ConfigSources): ReloadOutcome;
  close(): Promise<void>;
}

function claimPidfile(path: string, pid: number): void {
  try {
    const other = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(other) && other > 0 && other !== pid && isAlive(other)) {
      throw new SimError('SIM_PIDFILE', `pid file found, ensure ctrd is not running or delete ${path}`);
    }
  } catch (error) {
    if (error instanceof SimError) throw error;
  }
  writeFileSync(path, String(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Starts serving `config`. The same code runs in-process (suites) and as the ctrd-sim process. */
export async function startSimulator(config: SimConfig, options: StartOptions = {}): Promise<RunningSimulator> {
  const logger = options.logger ?? silentLogger;
  const pid = options.pid ?? process.pid;
  const addresses: ListenAddress[] = [];
  const fds = activationFds(options.env ?? {}, pid);
  for (const host of config.hosts) addresses.push(...expandAddress(parseHost(host, config.names.defaultHost.slice('unix://'.length), false), fds));

  mkdirSync(config.dataRoot, { recursive: true, mode: 0o710 });
  mkdirSync(config.execRoot, { recursive: true, mode: 0o700 });
  claimPidfile(config.pidfile, pid);

  const state: HandlerState = handlerState(config);
  const handler = createHandler(state);
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const endpoints: string[] = [];
  const closeAll = async (): Promise<void> => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    for (const address of addresses) if (address.kind === 'unix') rmSync(address.path, { force: true });
    rmSync(config.pidfile, { force: true });
  };

  try {
    for (const address of addresses) {
      const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, keepAlive: true }, handler);
      server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
        if (!socket.writable) return socket.destroy();
        const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
        socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${status}`);
      });
      servers.push(server);
      await listenOn(server, address);
      endpoints.push(describeAddress(address, server));
      logger.log('info', `API listen on ${endpoints[endpoints.length - 1]}`);
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  logger.log('info', 'Daemon has completed initialization');

  return {
    get config() {
      return state.config;
    },
    endpoints,
    reload(sources) {
      try {
        const next = resolveConfig(state.config.flags, sources);
        // Only reloadable options change; everything else keeps its start-up value.
        const config: SimConfig = Object.freeze({ ...state.config, debug: next.debug });
        state.kit = buildResponseKit(config);
        state.config = config;
        logger.log('info', 'Reloaded configuration');
        return { ok: true, config };
      } catch (error) {
        const simError = error instanceof SimError ? error : new SimError('SIM_CONFIG', String(error));
        logger.log('error', `Error reloading configuration: ${simError.message}`);
        return { ok: false, error: simError };
      }
    },
    close: closeAll,
  };
}
