import { isOlder } from '../../common/dotted-version.js';
import type { ReloadFile, StartSetup } from './files.js';
import { featuresText, type ReloadState } from './state.js';

/** Defaults of the options the reload line shows (daemon.md › Limits; dockerd's defaults). */
const DEFAULT_LIMITS = { maxConcurrentDownloads: 3, maxConcurrentUploads: 5, maxDownloadAttempts: 5 } as const;
const DEFAULT_SHUTDOWN_TIMEOUT = 15;
const DEFAULT_SHM_BYTES = 64 * 1024 * 1024;
const BUILTIN_RUNTIMES = ['runc', 'io.containerd.runc.v2'];
const SHIM_NAME = /^io\.containerd\.[^.]+\.v\d+$/;

export type Prediction = { readonly outcome: 'applied'; readonly next: ReloadState } | { readonly outcome: 'refused'; readonly why: string };

/** The state of a daemon just started with `setup`, given what its /info showed. */
export function initialState(fromInfo: ReloadState, setup: StartSetup): ReloadState {
  return {
    ...fromInfo,
    ...DEFAULT_LIMITS,
    ...(setup.maxConcurrentDownloads === undefined ? {} : { maxConcurrentDownloads: setup.maxConcurrentDownloads }),
    shutdownTimeout: setup.shutdownTimeout ?? DEFAULT_SHUTDOWN_TIMEOUT,
    features: featuresText(setup.features),
    shmBytes: DEFAULT_SHM_BYTES,
    ipcMode: 'private',
    logLevel: 'info',
  };
}

const bytesOf = (size: string): number => {
  const match = /^(\d+)([kmg])$/i.exec(size)!;
  return Number(match[1]) * 1024 ** ' kmg'.indexOf(match[2]!.toLowerCase());
};
const sortedStrings = (value: unknown): readonly string[] => [...(value as string[])].sort();

/**
 * What a reload with `file` does, as the catalogue reads the real daemons (reload area rules):
 * a flawed file is refused and nothing changes; otherwise each reloadable option the file names
 * takes its value, the download limits not named (or 0) go back to their defaults, features
 * become the file's, and everything else stays.
 */
export function predictReload(state: ReloadState, file: ReloadFile, release: string, flagged: ReadonlySet<string> = new Set()): Prediction {
  const v20 = isOlder(release, '23.0');
  // 20.10 does not validate log-level on reload: the file is applied (log-level is not reloadable).
  if (file.flaw !== 'none' && !(file.flaw === 'invalid-non-reloadable' && v20)) return { outcome: 'refused', why: file.flaw };
  const doc = file.doc ?? {};
  const has = (key: string): boolean => key in doc;
  const runtimes = has('runtimes') ? Object.keys(doc['runtimes'] as object).sort() : state.runtimes;
  const defaultRuntime = typeof doc['default-runtime'] === 'string' ? (doc['default-runtime'] as string) : state.defaultRuntime;
  // From 23.0 the daemon refuses a default runtime that the new runtimes no longer have.
  if (
    !v20 &&
    defaultRuntime !== undefined &&
    runtimes !== undefined &&
    !BUILTIN_RUNTIMES.includes(defaultRuntime) &&
    !SHIM_NAME.test(defaultRuntime) &&
    !runtimes.includes(defaultRuntime)
  ) {
    return { outcome: 'refused', why: `the default runtime ${defaultRuntime} is no longer registered` };
  }
  // 20.10 takes a named limit as it is, 0 included; later releases take 0 as the default (observed).
  // An option given as a start flag keeps its value (reload.flags.kept): the file cannot name it.
  const limit = (key: string, fallback: number, kept: number | undefined): number =>
    !has(key) && flagged.has(key) && kept !== undefined ? kept : typeof doc[key] === 'number' && (doc[key] !== 0 || v20) ? (doc[key] as number) : fallback;
  return {
    outcome: 'applied',
    next: {
      ...state,
      debug: has('debug') ? (doc['debug'] as boolean) : state.debug,
      labels: has('labels') ? sortedStrings(doc['labels']) : state.labels,
      liveRestore: has('live-restore') ? (doc['live-restore'] as boolean) : state.liveRestore,
      defaultRuntime,
      runtimes,
      insecure: has('insecure-registries') ? sortedStrings(doc['insecure-registries']) : state.insecure,
      mirrors: has('registry-mirrors') ? sortedStrings(doc['registry-mirrors']) : state.mirrors,
      maxConcurrentDownloads: limit('max-concurrent-downloads', DEFAULT_LIMITS.maxConcurrentDownloads, state.maxConcurrentDownloads),
      maxConcurrentUploads: limit('max-concurrent-uploads', DEFAULT_LIMITS.maxConcurrentUploads, state.maxConcurrentUploads),
      maxDownloadAttempts: limit('max-download-attempts', DEFAULT_LIMITS.maxDownloadAttempts, state.maxDownloadAttempts),
      shutdownTimeout: has('shutdown-timeout') ? (doc['shutdown-timeout'] as number) : state.shutdownTimeout,
      features:
        !has('features') && flagged.has('features') && state.features !== undefined
          ? state.features
          : featuresText(doc['features'] as Record<string, boolean> | undefined),
      shmBytes: has('default-shm-size') ? bytesOf(doc['default-shm-size'] as string) : state.shmBytes,
      ipcMode: has('default-ipc-mode') ? (doc['default-ipc-mode'] as string) : state.ipcMode,
      cgroupnsMode: has('default-cgroupns-mode') ? (doc['default-cgroupns-mode'] as string) : state.cgroupnsMode,
    },
  };
}
