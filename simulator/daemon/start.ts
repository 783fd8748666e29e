import { mkdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { buildResponseKit } from '../engine/system/response-kit.js';
import type { SimConfig } from '../config/types.js';
import { processSources, type ConfigSources } from '../config/file/sources.js';
import { SimError } from '../errors.js';
import { ObjectStore } from '../engine/objects/index.js';
import { routeTable } from '../engine/routes.js';
import type { ServingState } from '../http/exchange.js';
import { createRequestHandler, type StateHolder } from '../http/pipeline.js';
import { importClientFaults } from '../client-faults/lazy.js';
import { httpServerFactory } from '../http/server.js';
import { activationFds, expandAddress } from '../listeners/activation.js';
import { parseHost, type ListenAddress } from '../listeners/address.js';
import { listenBacklog } from '../listeners/backlog.js';
import { openListener, type Listener, type TlsListenerOptions } from '../listeners/listen.js';
import { loadTls } from '../listeners/tls-load.js';
import { resolveSocketGroup } from '../listeners/socket-group.js';
import { startMetrics } from '../metrics/server.js';
import { halfRemovedPlainTcp, refuseUnverifiedRemote, warnUnverifiedTcp } from '../listeners/tcp-policy.js';
import { inRange } from '../../common/dotted-version.js';
import { silentLogger, type Logger } from '../log.js';
import type { AuthzChain } from '../authz/chain.js';
import { chainAfterReload, installAuthzPlugins } from '../authz/install.js';
import { checkAtStart } from '../config/file/start-checks.js';
import { warnDeprecatedSettings } from '../config/deprecation-warnings.js';
import { claimPidfile, releasePidfile, truncatePidfile } from './pidfile.js';
import { logReloadSignal } from '../reload/log.js';
import { reloadConfiguration, type ReloadOutcome } from '../reload/reload.js';
import { watchFile, unwatchFile } from 'node:fs';
import { dumpStacks } from './stack-dump.js';
import { DEFAULT_TCP_PORT, listenTcp, ModelRunner, runnerHandler } from '../model-runner/index.js';
import * as runtimesWatched from '../quirks/reload/runtimes-watched.js';
import { reloadSwapsChain } from '../quirks/reload/authz-needs-start-chain.js';
import { resolveVariants } from '../http/variants.js';
import { startVariant } from './start-variant.js';

export interface StartOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  readonly pid?: number;
  /** Where a reload (SIGHUP) reads the file and environment again; the process's own by default. */
  readonly sources?: ConfigSources;
  /** How long a request head may take (300 s, as dockerd); tests shorten it. */
  readonly readHeaderTimeoutMs?: number;
}

export type { ReloadOutcome } from '../reload/reload.js';

/** The signals the daemon acts on; the others keep their default. */
export type DaemonSignal = 'SIGHUP' | 'SIGUSR1' | 'SIGUSR2' | 'SIGALRM' | 'SIGTERM' | 'SIGINT';

/** A simulator that is serving. */
export interface RunningSimulator {
  readonly config: SimConfig;
  /** Where it listens, as `unix://…`, `tcp://host:port` or `fd://n`. */
  readonly endpoints: readonly string[];
  /** Re-reads the configuration file; on failure keeps serving the old configuration. */
  reload(sources: ConfigSources): ReloadOutcome;
  /**
   * Acts on a signal as the daemon does: SIGHUP reloads, SIGUSR1 writes a stack dump into the exec
   * root, SIGUSR2 and SIGALRM are ignored, SIGTERM and SIGINT shut down. Resolves when done.
   */
  signal(name: DaemonSignal): Promise<void>;
  close(): Promise<void>;
  /** Resolves with the exit status when the daemon ends by itself (a fatal error), never otherwise. */
  readonly ended: Promise<number>;
  /** The model runner's TCP address (`tcp://127.0.0.1:port`), or null when TCP access is off. */
  readonly modelRunnerTcp: string | null;
  /** The name of the model runner's default engine (what /engines/v1 stands for). */
  readonly modelRunnerEngine: string;
}

/** The model runner's TCP port: --model-runner-tcp, else 12434 with --model-runner, else none. */
function modelRunnerPort(config: SimConfig): number | null {
  return config.modelRunnerTcp === 'default' ? DEFAULT_TCP_PORT : config.modelRunnerTcp;
}

/** Debug lines only while the configuration has debug on (it may change on reload). */
function leveled(logger: Logger, debug: () => boolean): Logger {
  return {
    log(level, message, fields) {
      if (level === 'debug' && !debug()) return;
      logger.log(level, message, fields);
    },
  };
}

/** Quirk hypothetical.listen.tcp.unauthenticated-deprecated.removed-early: the error the start ends with, a TCP listener without TLS from 28.0. */
const removedEarly = (host: string, port: number): SimError =>
  new SimError(
    'SIM_LISTEN',
    `failed to load listeners: listen tcp ${host}:${port}: unauthenticated TCP listeners have been removed; use TLS (--tlsverify) or a unix socket`,
  );

const SIGNAL_WORDS: Readonly<Record<string, string>> = { SIGTERM: 'terminated', SIGINT: 'interrupt' };

/** Starts serving `config`. The same code runs in-process (suites) and as the ctrd-sim process. */
export async function startSimulator(config: SimConfig, options: StartOptions = {}): Promise<RunningSimulator> {
  const pid = options.pid ?? process.pid;
  // Where this start differs from the document's (start-variant.ts).
  const variant = startVariant(config);
  const fds = activationFds(options.env ?? {}, pid);
  const unixDefault = config.names.defaultHost.slice('unix://'.length);
  const hosts = config.hosts.length > 2 && variant.firstTwoHostsOnly ? config.hosts.slice(0, 2) : config.hosts;
  const addresses = variant.addressesKept(
    hosts.flatMap((host) =>
      expandAddress(parseHost(host, unixDefault, config.tls.enabled, config.faults, { quirks: config.quirks, release: config.release }), fds),
    ),
  );
  const tcpAddresses = addresses.filter((a): a is Extract<ListenAddress, { kind: 'tcp' }> => a.kind === 'tcp');
  for (const address of tcpAddresses) refuseUnverifiedRemote(address, config.tls, config.release, config.faults, config.quirks);
  if (variant.plainTcpRefusedFrom28 && !config.tls.enabled && tcpAddresses.length > 0 && inRange(config.release.release, { min: '28.0' }))
    throw removedEarly(tcpAddresses[0]!.host, tcpAddresses[0]!.port);
  // Loaded before any listener, unix-only included, as dockerd does.
  const tls: TlsListenerOptions | undefined = config.tls.enabled ? loadTls(config.tls, config.release, config.faults, config.quirks) : undefined;

  checkAtStart(config.settings, config.release, config.faults, config.quirks);
  // Client faults (--client-faults): their module is loaded only when a file is given, and the file checked before anything is claimed.
  const clientFaults = config.clientFaults === null ? undefined : await (await importClientFaults()).loadClientFaults(config.clientFaults);
  mkdirSync(config.dataRoot, { recursive: true, mode: 0o710 });
  mkdirSync(config.execRoot, { recursive: true, mode: 0o700 });
  if (variant.pidfileTruncated) truncatePidfile(config.pidfile);
  claimPidfile(config.pidfile, pid, config.names, () => variant.pidfileTakenOver);

  const routes = routeTable(config);
  const sink = options.logger ?? silentLogger;
  // Read only where it shows: --log-format json.
  const textAnyway = config.settings.logFormat === 'json' && variant.jsonLogsAsText;
  const logger = leveled((textAnyway ? undefined : sink.withFormat?.(config.settings.logFormat)) ?? sink, () => holder.current.config.debug);
  let authz: AuthzChain | null;
  try {
    authz = await installAuthzPlugins(config, logger);
  } catch (error) {
    releasePidfile(config.pidfile);
    throw error;
  }
  const startedWithChain = authz !== null;
  // In memory: a restart (a new simulator) starts without images, containers or events.
  const objects = new ObjectStore();
  const variants = resolveVariants(config);
  const serving = (next: SimConfig): ServingState => ({ config: next, kit: buildResponseKit(next), routes, logger, authz, objects, variants });
  const holder: StateHolder = { current: serving(config) };

  const runner = ModelRunner.open(config.dataRoot, config.faults, config.quirks, config.modelRegistry);
  const forRunner = runnerHandler(runner);
  const handler = createRequestHandler(holder, forRunner);
  const factory = httpServerFactory(
    holder,
    clientFaults === undefined ? handler : clientFaults.wrap(handler, logger),
    options.readHeaderTimeoutMs === undefined ? {} : { readHeaderTimeoutMs: options.readHeaderTimeoutMs },
  );
  const backlog = listenBacklog();
  let groupProblem: string | undefined;
  const socketGroup = addresses.some((a) => a.kind === 'unix')
    ? resolveSocketGroup(config.socketGroup, (problem) => (groupProblem = problem), config.faults, config.quirks)
    : null;
  const { socketMode, socketBoundAsIs } = variant;
  const listeners: Listener[] = [];
  let runnerTcp: Server | undefined;
  let metrics: Server | null = null;
  let modelRunnerTcp: string | null = null;
  const configPath = config.configFile ?? config.configFileGiven ?? undefined;
  const watched = variant.reloadedOnChange ? configPath : undefined;
  const runtimesWatchedPath = variant.runtimesWatched ? configPath : undefined;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      if (watched !== undefined) unwatchFile(watched);
      if (runtimesWatchedPath !== undefined) unwatchFile(runtimesWatchedPath);
      await Promise.all([
        ...listeners.map(({ server }) => closeServer(server)),
        ...(runnerTcp === undefined ? [] : [closeServer(runnerTcp)]),
        ...(metrics === null ? [] : [closeServer(metrics)]),
      ]);
      runner.close();
      for (const address of addresses) if (address.kind === 'unix') rmSync(address.path, { force: true });
      releasePidfile(config.pidfile);
    })());

  try {
    for (const address of addresses) {
      // dockerd's words, logged for each unix socket before it is created (moby pkg/listeners).
      if (address.kind === 'unix' && groupProblem !== undefined)
        logger.log('warning', `could not change group ${address.path} to ${config.socketGroup.name}: ${groupProblem}`);
      const halfRemoved = address.kind === 'tcp' && tls === undefined && variant.plainTcpHalfRemovedFrom26 && inRange(config.release.release, { min: '26.0' });
      const listener = await openListener(address, halfRemoved ? halfRemovedPlainTcp(factory) : factory, {
        backlog,
        socketGroup,
        socketMode,
        socketBoundAsIs,
        // The TLS front's fields, read only for a TLS listener (the only one that has a front).
        ...(address.kind === 'tcp' && tls !== undefined
          ? {
              tls,
              frontFaults: { plainRequest: variant.plainRequest, sslv3: variant.sslv3, plainForMs: variant.plainForMs, plainPing: variant.plainPing },
            }
          : {}),
      });
      listeners.push(listener);
      if (address.kind === 'tcp') warnUnverifiedTcp(address, config.tls, config.release, config.names, logger, config.faults, config.quirks);
      logger.log('info', `API listen on ${listener.endpoint}`);
    }
    metrics = await startMetrics(config, logger);
    const port = modelRunnerPort(config);
    if (port !== null) {
      const tcp = await listenTcp(forRunner, port, config.faults, config.quirks).catch((error: NodeJS.ErrnoException) => {
        throw new SimError(
          'SIM_LISTEN',
          `model runner: listen tcp 127.0.0.1:${port}: ${error.code === 'EADDRINUSE' ? 'bind: address already in use' : error.message}`,
        );
      });
      runnerTcp = tcp.server;
      modelRunnerTcp = `tcp://127.0.0.1:${tcp.port}`;
      logger.log('info', `Model runner listen on ${modelRunnerTcp} (default engine ${runner.defaultEngine.name})`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  warnDeprecatedSettings(config, logger);
  logger.log('info', 'Daemon has completed initialization');

  let endedBy: (status: number) => void = () => {};
  const ended = new Promise<number>((resolve) => (endedBy = resolve));
  const host = {
    current: () => holder.current.config,
    serve: (next: SimConfig) => {
      // Hypothetical quirk (authz-needs-start-chain.ts): no chain is made for a daemon started without one.
      if (
        next.authorizationPlugins !== holder.current.config.authorizationPlugins &&
        !variant.chainKeptOnReload &&
        reloadSwapsChain(next.quirks, startedWithChain)
      )
        authz = chainAfterReload(next, logger);
      holder.current = serving(next);
    },
    logger,
    stopped: () => closing !== undefined,
  };
  const reload = (sources: ConfigSources): ReloadOutcome => {
    const outcome = reloadConfiguration(host, sources);
    if (!outcome.ok && 'fatal' in outcome) {
      void outcome.fatal.then(async (fatal) => {
        if (!fatal) return;
        await close();
        endedBy(outcome.status);
      });
    }
    return outcome;
  };
  if (watched !== undefined) watchFile(watched, { interval: 50 }, () => reload(options.sources ?? processSources()));
  if (runtimesWatchedPath !== undefined) {
    watchFile(runtimesWatchedPath, { interval: runtimesWatched.WATCH_INTERVAL_MS }, () => {
      const runtimes = runtimesWatched.runtimesOfFile(runtimesWatchedPath);
      const current = holder.current.config;
      if (runtimes !== undefined && closing === undefined)
        holder.current = serving(Object.freeze({ ...current, settings: Object.freeze({ ...current.settings, runtimes }) }));
    });
  }

  return {
    get config() {
      return holder.current.config;
    },
    endpoints: listeners.map((listener) => listener.endpoint),
    reload,
    async signal(name) {
      switch (name) {
        case 'SIGHUP':
          logReloadSignal(logger, holder.current.config);
          reload(options.sources ?? processSources());
          return;
        case 'SIGUSR1':
          logger.log('info', `goroutine stacks written to ${dumpStacks(holder.current.config.execRoot)}`);
          return;
        case 'SIGUSR2':
        case 'SIGALRM':
          // Go ignores them; node's default would kill the process without cleaning up.
          return;
        case 'SIGTERM':
        case 'SIGINT':
          logger.log('info', `Processing signal '${SIGNAL_WORDS[name]!}'`);
          await close();
          logger.log('info', 'Daemon shutdown complete');
      }
    },
    close,
    ended,
    modelRunnerTcp,
    modelRunnerEngine: runner.defaultEngine.name,
  };
}

/** Stops accepting, ends every connection (idle or not) and waits for the server to close. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
