import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { Surface } from '../../../specs/types.js';
import type { Endpoint } from '../../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from '../capabilities.js';
import { makeInstance } from '../instance.js';
import { LogBuffer } from '../log-buffer.js';
import { DaemonProcess, exitNumber } from '../process/daemon-process.js';
import { mountNamespaceOf, refsInMountNamespace, terminate } from '../process/reaper.js';
import { socketIn } from '../process/safety.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from '../target.js';
import { makeRunDir, removeRunDir } from '../temp-dir.js';
import {
  hardLimits,
  hardLimitsOf,
  networkBackendOf,
  podmanEnvironment,
  podmanGlobalFlags,
  podmanPaths,
  writePodmanFiles,
  type HardLimits,
  type PodmanSettings,
  type PodmanPaths,
} from './podman-files.js';
import { containerIds, containerProcesses, eventContainerIds, removeContainerCgroups, removeGroup } from './podman-leftovers.js';
import { hasPidsController, MACHINE_CGROUPS, needsUnifiedCgroups, unifiedHierarchy } from './podman-cgroups.js';
import { namespaceCommand } from './podman-namespace.js';
import { podmanInstall, type PodmanInstall } from './provisioned-podman.js';

const DEFAULT_START_TIMEOUT_MS = 60_000;
/** SIGTERM → SIGKILL grace for the containers a stopped service leaves running. */
const CONTAINER_GRACE_MS = 5_000;
const REAP_MS = 3_000;

/** Why the rules about dockerd as a process are skipped on Podman, whose service has none of that. */
const NO_DAEMON_PROCESS =
  "Podman's API service is not dockerd as a process: it has none of dockerd's command-line flags, no daemon.json and no reload (SIGHUP), so the rules about them cannot be carried";

/** The release series a podman prints (`podman version 4.3.1` → 4.3), for one provisioning does not name. */
async function seriesOf(path: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 10_000 });
    const version = /(\d+)\.(\d+)\.\d+/.exec(stdout);
    if (version !== null) return `${version[1]}.${version[2]}`;
    throw new TargetError('TARGET_START', `${path} --version printed no version: ${JSON.stringify(stdout.slice(0, 200))}`);
  } catch (error) {
    if (error instanceof TargetError) throw error;
    throw new TargetError('TARGET_START', `${path} --version failed: ${(error as Error).message}`);
  }
}

/** What a release needs of the target: its files' settings, and the cgroup v2 hierarchy it gets a group of (null: the machine's hierarchies as they are). */
interface ReleaseNeeds extends PodmanSettings {
  readonly cgroups: string | null;
}

/** The needs of a release series on this machine. */
function needsOf(release: string): ReleaseNeeds {
  const backend = networkBackendOf(release);
  if (!needsUnifiedCgroups(release)) return { backend, pidsController: true, cgroups: null };
  // A group of its own in the v2 hierarchy, on a hybrid machine and a unified one alike (delegatedCgroup).
  const cgroups = unifiedHierarchy() ?? MACHINE_CGROUPS;
  return { backend, cgroups, pidsController: hasPidsController(cgroups) };
}

export interface PodmanTargetOptions {
  /** Overrides the podman the spec names (tests). */
  readonly install?: PodmanInstall;
  readonly startTimeoutMs?: number;
}

/**
 * Podman's Docker-compatible API service (`podman system service`), started by the suite as the
 * daemon targets start dockerd: rootful, on a private unix socket, with private root, runroot,
 * temp and configuration directories, vfs storage, cgroupfs, file events, in namespaces of its
 * own (and, for a podman provisioned in a root of its own, chroot there); stopped by PID with the
 * containers it leaves, their cgroups, and its directory.
 */
export class PodmanTarget implements Target {
  readonly kind = 'process';
  readonly capabilities = CAPABILITIES_OF.podman;
  readonly surfaces = SURFACES_OF.connected;
  readonly surfaceGaps: Readonly<Partial<Record<Surface, string>>> = { 'daemon-process': NO_DAEMON_PROCESS };
  private readonly install: PodmanInstall;
  private needs: ReleaseNeeds | undefined;
  /**
   * The hard limits the service runs with: Podman lowers its own process limit (32768 here, from
   * the runner's 96364), so a container given the runner's would be refused. Learnt at the first start.
   */
  private serviceLimits: HardLimits | undefined;

  constructor(
    readonly spec: string,
    private readonly options: PodmanTargetOptions = {},
  ) {
    this.install = options.install ?? podmanInstall(spec);
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    const asked = Object.entries(request)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key);
    if (asked.length > 0)
      throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} starts Podman's service with fixed settings; it takes no ${asked.join(', ')}`);
    if (process.getuid?.() !== 0) throw new TargetError('TARGET_START', `${this.spec} runs Podman rootful in private namespaces: that needs root`);
    this.needs ??= needsOf(this.install.release ?? (await seriesOf(this.install.path)));
    const paths = podmanPaths(makeRunDir());
    try {
      writePodmanFiles(paths, this.serviceLimits ?? hardLimits(), this.needs);
    } catch (error) {
      removeRunDir(paths.dir);
      throw error;
    }
    return this.launch(paths, new LogBuffer(), this.needs);
  }

  private async launch(paths: PodmanPaths, log: LogBuffer, needs: ReleaseNeeds): Promise<StartOutcome> {
    const timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const from = log.mark();
    const endpoint: Endpoint = { kind: 'unix', path: socketIn(paths.dir) };
    const daemon = DaemonProcess.spawn({
      command: namespaceCommand(this.install.path, this.install.root, paths.dir, delegatedCgroup(needs.cgroups, paths.dir)),
      args: [
        ...podmanGlobalFlags(paths),
        // The runtime's state in the run directory, not in the namespace's /run: a restarted service (in a new namespace) finds it.
        '--runtime-flag',
        `root=${join(paths.dir, 'runc')}`,
        'system',
        'service',
        '--time=0',
        `unix://${endpoint.path}`,
      ],
      dir: paths.dir,
      env: podmanEnvironment(paths),
      log,
    });
    const ready = await daemon.waitReady(endpoint, { timeoutMs });
    if (ready !== 'ready') {
      if (ready === 'timeout') log.append(`\n[ctr-conformance] no /_ping answer within ${timeoutMs} ms\n`);
      await this.end(daemon, paths);
      const status = daemon.exitStatus;
      return { ok: false, exitCode: ready === 'timeout' || status === undefined ? null : exitNumber(status), output: log.since(from) };
    }
    if (this.serviceLimits === undefined && daemon.pid !== undefined) {
      const limits = hardLimitsOf(daemon.pid);
      if (limits !== undefined) {
        this.serviceLimits = limits;
        const configured = hardLimits();
        if (configured.nofile !== limits.nofile || configured.nproc !== limits.nproc) {
          // Once per target: the files get the service's own limits, and it starts again on them.
          await daemon.handOver({ awaitReaping: true });
          writePodmanFiles(paths, limits, needs);
          return this.launch(paths, log, needs);
        }
      }
    }
    return {
      ok: true,
      instance: makeInstance(this.spec, {
        endpoints: { daemon: endpoint, listeners: [endpoint] },
        ...(daemon.pid === undefined ? {} : { pid: daemon.pid }),
        log,
        signal: async (name) => daemon.signal(name),
        kill: async () => exitNumber(await daemon.kill()),
        // Podman's containers outlive its service by design: a restart finds them, as a new service would.
        restart: async (next) => {
          if (next !== undefined && Object.values(next).some((value) => value !== undefined))
            throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} restarts Podman's service with the settings it had`);
          await daemon.handOver({ awaitReaping: true });
          try {
            return await this.launch(paths, log, needs);
          } catch (error) {
            await this.end(daemon, paths);
            throw error;
          }
        },
        stop: () => this.end(daemon, paths),
      }),
    };
  }

  /**
   * Stops the service by PID, then the containers it left (conmons and their processes), what is
   * still in its private mount namespace (a conmon runs its exit command, `podman container
   * cleanup`, as it ends: after the first sweep), their cgroups, and the directory.
   */
  private async end(daemon: DaemonProcess, paths: PodmanPaths): Promise<void> {
    const running = containerProcesses(paths.dir).filter((ref) => ref.pid !== daemon.pid);
    const namespace = daemon.pid === undefined ? undefined : mountNamespaceOf(daemon.pid);
    await daemon.stop();
    await terminate([...running, ...containerProcesses(paths.dir)], CONTAINER_GRACE_MS, REAP_MS);
    if (namespace !== undefined) await emptyNamespace(namespace);
    removeContainerCgroups([...new Set([...containerIds(paths.root), ...eventContainerIds(paths.eventsLog)])]);
    if (this.needs?.cgroups != null) removeGroup(delegatedCgroupPath(this.needs.cgroups, paths.dir));
    await daemon.dispose();
  }
}

/** How long the processes left in the service's namespace get, all told, before the sweep gives up (each is ended by PID). */
const NAMESPACE_SWEEP_MS = 15_000;

/** Ends, by PID, every process left in the service's private mount namespace, until none is or the sweep's deadline passes. */
async function emptyNamespace(namespace: string): Promise<void> {
  const deadline = Date.now() + NAMESPACE_SWEEP_MS;
  for (let left = refsInMountNamespace(namespace); left.length > 0 && Date.now() < deadline; left = refsInMountNamespace(namespace))
    await terminate(left, CONTAINER_GRACE_MS, REAP_MS);
}

/** The cgroup of the v2 hierarchy `hierarchy` delegated to the service of run directory `dir`: one of its own. */
export const delegatedCgroupPath = (hierarchy: string, dir: string): string => join(hierarchy, `ctc-podman-${basename(dir)}`);

/** Makes (if need be) the service's own cgroup in `hierarchy`, or null when the service sees the machine's hierarchies. */
function delegatedCgroup(hierarchy: string | null, dir: string): string | null {
  if (hierarchy === null) return null;
  const group = delegatedCgroupPath(hierarchy, dir);
  mkdirSync(group, { recursive: true });
  return group;
}
