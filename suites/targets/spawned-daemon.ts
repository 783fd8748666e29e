import type { Endpoint } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { writeConfigFile } from './config-file.js';
import { makeInstance } from './instance.js';
import { LogBuffer } from './log-buffer.js';
import { DaemonProcess, exitNumber } from './process/daemon-process.js';
import { daemonEnvironment, knowsIp6tables, safetyFlags, socketIn, takesSharedSupervisor } from './process/safety.js';
import { choosesSupervisor, sharedSupervisorFlags, supervisorMarker } from './process/shared-supervisor.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from './target.js';
import { makeRunDir, removeRunDir } from './temp-dir.js';
import { MODEL_RUNNER_ARGS, modelRunnerEndpoints, modelRunnerIn, type LoggedModelRunner } from './model-runner-endpoints.js';
import type { Surface } from '../../specs/types.js';
import { inNamespaces, probeInNetns } from './process/namespaces.js';
import { addsTimeNamespaces, withTimeNamespacesOff } from './process/time-namespaces.js';

/** ctrd-sim logs its runner's address before it serves; the pipe may bring the line a little after /_ping answers. */
async function loggedModelRunner(log: LogBuffer, from: number): Promise<LoggedModelRunner | null> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const found = modelRunnerIn(log.since(from));
    if (found !== null || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export { daemonEnvironment, knowsIp6tables, safetyFlags } from './process/safety.js';

export interface SpawnedDaemonOptions {
  readonly spec: string;
  /** Executable and the arguments that come before the daemon flags (e.g. node + script). */
  readonly command: readonly string[];
  /** Flags every start gets after the safety flags (e.g. --emulate for the simulator). */
  readonly fixedArgs?: readonly string[];
  readonly startTimeoutMs?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** ctrd-sim: it hosts the model runner, whose TCP address it logs. */
  readonly modelRunner?: boolean;
}

const DEFAULT_START_TIMEOUT_MS = 60_000;

/** A start as this machine needs it for the binary (process/time-namespaces.ts). */
type HostAdaptation = (request: StartRequest | undefined) => StartRequest;
const AS_ASKED: HostAdaptation = (request) => request ?? {};

/** A shell line that sets the umask and execs the daemon: its PID stays the one spawned. */
export function umaskWrapper(umask: number): string {
  if (!Number.isInteger(umask) || umask < 0 || umask > 0o777) throw new TargetError('TARGET_SPEC', `umask ${String(umask)} is not between 0 and 0777`);
  return `umask ${umask.toString(8).padStart(4, '0')}; exec "$@"`;
}

/** A daemon binary started for each request: ctrd-sim or any dockerd-compatible binary. */
export class SpawnedDaemonTarget implements Target {
  readonly kind = 'process';
  readonly capabilities = CAPABILITIES_OF.process;
  readonly surfaces: ReadonlySet<Surface>;
  readonly spec: string;
  readonly simulatorArgs?: readonly string[];

  constructor(private readonly options: SpawnedDaemonOptions) {
    this.spec = options.spec;
    this.surfaces = options.modelRunner === true ? SURFACES_OF.simulator : SURFACES_OF.started;
    if (options.modelRunner === true) this.simulatorArgs = options.fixedArgs ?? [];
  }

  async start(request?: StartRequest): Promise<StartOutcome> {
    // A umask out of range is refused before anything is made.
    if (request?.umask !== undefined) umaskWrapper(request.umask);
    const adapt = await this.hostAdaptation();
    const dir = makeRunDir();
    const adapted = adapt(request);
    writeConfigFile(dir, adapted.config);
    return this.launch(dir, adapted, new LogBuffer(), adapt);
  }

  /** What a start of this binary needs of this machine beyond the cell's own request. */
  private async hostAdaptation(): Promise<HostAdaptation> {
    if (this.options.modelRunner === true || !(await addsTimeNamespaces(this.options.command))) return AS_ASKED;
    return withTimeNamespacesOff;
  }

  /** Starts the daemon on `dir` (its configuration file written); on failure the directory is removed. */
  private async launch(dir: string, request: StartRequest, log: LogBuffer, adapt: HostAdaptation): Promise<StartOutcome> {
    const { command } = this.options;
    const timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const from = log.mark();
    const simulator = this.options.modelRunner === true;
    // ctrd-sim takes its plugin directory as a flag; a real daemon finds it in a private mount namespace.
    const pluginArgs = simulator && request.pluginDir !== undefined ? ['--plugin-dir', request.pluginDir] : [];
    const ip6tables = await knowsIp6tables(command);
    const supervisor =
      simulator || choosesSupervisor(request.args ?? [], request.config) || !(await takesSharedSupervisor(command)) ? [] : await sharedSupervisorFlags(dir);
    const daemon = DaemonProcess.spawn({
      command: inNamespaces(command, request, !simulator),
      args: [
        ...safetyFlags(dir, ip6tables),
        ...supervisor,
        ...(simulator ? MODEL_RUNNER_ARGS : []),
        ...pluginArgs,
        ...(this.options.fixedArgs ?? []),
        ...(request.args ?? []),
      ],
      dir,
      env: { ...daemonEnvironment(), ...this.options.env, ...request.env },
      ...(request.umask === undefined ? {} : { wrapper: umaskWrapper(request.umask) }),
      log,
      ...(supervisor.length === 0 ? {} : { markers: [supervisorMarker(dir)] }),
    });
    const endpoint: Endpoint = { kind: 'unix', path: socketIn(dir) };
    const ready = await daemon.waitReady(endpoint, { timeoutMs });
    if (ready !== 'ready') {
      if (ready === 'timeout') log.append(`\n[ctr-conformance] no /_ping answer within ${timeoutMs} ms\n`);
      await daemon.dispose();
      const status = daemon.exitStatus;
      return { ok: false, exitCode: ready === 'timeout' || status === undefined ? null : exitNumber(status), output: log.since(from) };
    }
    const runner = this.options.modelRunner === true ? modelRunnerEndpoints(endpoint, await loggedModelRunner(log, from)) : {};
    return {
      ok: true,
      instance: makeInstance(this.spec, {
        endpoints: { daemon: endpoint, ...runner, listeners: [endpoint] },
        ...(daemon.pid === undefined ? {} : { pid: daemon.pid }),
        log,
        writeConfig: async (config) => writeConfigFile(dir, config),
        signal: async (name) => daemon.signal(name),
        reload: async () => daemon.reload(),
        kill: async () => exitNumber(await daemon.kill()),
        ...(request.netns === undefined || daemon.pid === undefined ? {} : { probeInNetns: (probe) => probeInNetns(daemon.pid!, probe) }),
        restart: async (next) => {
          await daemon.handOver({ awaitReaping: true });
          const again = next === undefined ? request : adapt(next);
          if (next?.config !== undefined) writeConfigFile(dir, again.config);
          try {
            return await this.launch(dir, again, log, adapt);
          } catch (error) {
            removeRunDir(dir);
            throw error;
          }
        },
        stop: () => daemon.dispose(),
      }),
    };
  }
}
