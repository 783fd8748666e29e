import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The private places of one Podman service, all inside its run directory. */
export interface PodmanPaths {
  readonly dir: string;
  readonly root: string;
  readonly runroot: string;
  readonly tmpdir: string;
  readonly networkConfigDir: string;
  readonly containersConf: string;
  readonly storageConf: string;
  readonly registriesConf: string;
  readonly eventsLog: string;
  readonly home: string;
}

export const podmanPaths = (dir: string): PodmanPaths => ({
  dir,
  root: join(dir, 'root'),
  runroot: join(dir, 'run'),
  tmpdir: join(dir, 'tmp'),
  networkConfigDir: join(dir, 'net'),
  containersConf: join(dir, 'conf', 'containers.conf'),
  storageConf: join(dir, 'conf', 'storage.conf'),
  registriesConf: join(dir, 'conf', 'registries.conf'),
  eventsLog: join(dir, 'events.log'),
  home: join(dir, 'home'),
});

/** A TOML string (the paths are the suite's own temp directories; JSON's quoting is TOML's basic string). */
const toml = (text: string): string => JSON.stringify(text);

/** Hard limits on open files and processes ("20000"), null where unlimited or unknown. */
export interface HardLimits {
  readonly nofile: string | null;
  readonly nproc: string | null;
}

/** The hard limits a /proc/PID/limits table gives (this process's by default). */
export function hardLimits(text = readFileSync('/proc/self/limits', 'utf8')): HardLimits {
  const hard = (label: string): string | null => {
    const line = text.split('\n').find((l) => l.startsWith(label));
    const value = line?.slice(label.length).trim().split(/\s+/)[1];
    return value !== undefined && /^\d+$/.test(value) ? value : null;
  };
  return { nofile: hard('Max open files'), nproc: hard('Max processes') };
}

/** The limits of a running process, or undefined when it is gone. */
export function hardLimitsOf(pid: number): HardLimits | undefined {
  try {
    return hardLimits(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Podman's network backend: CNI up to 4.x (netavark is a recommendation the provisioning leaves out), netavark from 5.0 (it has no other). */
export type NetworkBackend = 'cni' | 'netavark';

/** The backend of a release series ("4.3", "5.4"). */
export const networkBackendOf = (release: string): NetworkBackend => (Number(release.split('.')[0]) >= 5 ? 'netavark' : 'cni');

/** What the service's files depend on beyond its paths: its network backend, and whether its cgroups can limit a container's processes. */
export interface PodmanSettings {
  readonly backend: NetworkBackend;
  /** False where the cgroup hierarchy Podman sees has no pids controller (the v2 one of a hybrid machine): Podman's default limit of 2048 would fail every start. */
  readonly pidsController: boolean;
}

/**
 * Writes containers.conf, storage.conf and registries.conf for the service, so that nothing of
 * the machine's (/etc/containers, /usr/share/containers, ~/.config/containers) is read:
 * vfs storage, cgroupfs, file events and file locks (no /dev/shm/libpod_lock segment), containers
 * without a network by default, networks configured in a private directory, no registry to search.
 */
export function writePodmanFiles(paths: PodmanPaths, limits: HardLimits, settings: PodmanSettings = { backend: 'cni', pidsController: true }): void {
  for (const d of [paths.root, paths.runroot, paths.tmpdir, paths.networkConfigDir, join(paths.dir, 'conf'), paths.home]) mkdirSync(d, { recursive: true });
  const ulimits = [
    ...(limits.nofile === null ? [] : [`nofile=${limits.nofile}:${limits.nofile}`]),
    ...(limits.nproc === null ? [] : [`nproc=${limits.nproc}:${limits.nproc}`]),
  ];
  writeFileSync(
    paths.containersConf,
    [
      '[containers]',
      'netns = "none"',
      // conmon stays in the service's cgroup: no shared libpod_parent/conmon group is made.
      'cgroups = "no-conmon"',
      // Rootful Podman gives a container 1048576 open files and processes unless told otherwise, which
      // a machine with lower hard limits refuses ("error setting rlimit type 7"; "-1" does not help in
      // 4.3): a container gets the hard limits of the service itself, as dockerd's inherit dockerd's.
      `default_ulimits = [${ulimits.map(toml).join(', ')}]`,
      // No limit, as dockerd sets none by default.
      ...(settings.pidsController ? [] : ['pids_limit = 0']),
      '[network]',
      `network_backend = ${toml(settings.backend)}`,
      `network_config_dir = ${toml(paths.networkConfigDir)}`,
      '[engine]',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      `events_logfile_path = ${toml(paths.eventsLog)}`,
      'lock_type = "file"',
      `tmp_dir = ${toml(paths.tmpdir)}`,
      `static_dir = ${toml(join(paths.root, 'libpod'))}`,
      `volume_path = ${toml(join(paths.root, 'volumes'))}`,
      `image_copy_tmp_dir = ${toml(paths.tmpdir)}`,
      '',
    ].join('\n'),
  );
  writeFileSync(paths.storageConf, ['[storage]', 'driver = "vfs"', `graphroot = ${toml(paths.root)}`, `runroot = ${toml(paths.runroot)}`, ''].join('\n'));
  writeFileSync(paths.registriesConf, 'unqualified-search-registries = []\n');
}

/** The service's whole environment: its configuration files, and home, XDG and temp directories inside its run directory. */
export function podmanEnvironment(paths: PodmanPaths, source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    PATH: source['PATH'] ?? '/usr/sbin:/usr/bin:/sbin:/bin',
    ...(source['LANG'] === undefined ? {} : { LANG: source['LANG'] }),
    HOME: paths.home,
    CONTAINERS_CONF: paths.containersConf,
    CONTAINERS_STORAGE_CONF: paths.storageConf,
    CONTAINERS_REGISTRIES_CONF: paths.registriesConf,
    XDG_CONFIG_HOME: join(paths.home, 'config'),
    XDG_DATA_HOME: join(paths.home, 'data'),
    XDG_RUNTIME_DIR: join(paths.home, 'run'),
    TMPDIR: paths.tmpdir,
  };
}

/** The global flags that repeat the files' choices on the command line (they win over any file). */
export function podmanGlobalFlags(paths: PodmanPaths): string[] {
  return [
    '--root',
    paths.root,
    '--runroot',
    paths.runroot,
    '--tmpdir',
    paths.tmpdir,
    '--storage-driver',
    'vfs',
    '--cgroup-manager',
    'cgroupfs',
    '--events-backend',
    'file',
    '--network-config-dir',
    paths.networkConfigDir,
    '--log-level',
    'info',
  ];
}
