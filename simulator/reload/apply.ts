import { isOlder } from '../../common/dotted-version.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { DEFAULT_SETTINGS } from '../config/file/defaults.js';
import type { FileDocument } from '../config/file/read-document.js';
import type { DaemonSettings } from '../config/file/settings.js';
import type { ReloadedFile } from './read.js';
import type { ReloadVariant } from './reload-variant.js';

/** The runtime names the daemon always has; a shim's fully qualified name needs no registration (from 23.0). */
const BUILTIN_RUNTIMES = ['runc', 'io.containerd.runc.v2'];
const SHIM_NAME = /^io\.containerd\.[^.]+\.v\d+$/;

/**
 * Why the daemon refuses to apply the new file (moby daemon.Reload: reloadPlatform → setupRuntimes,
 * then the registry configuration; logged "Error reconfiguring the daemon"), or null. 20.10
 * refuses the runtimes in validation instead; the registry values every release refuses here
 * (observed on 20.10.24, 26.1.5, 28.5.2, 2026-11-26; 28.5 refuses other mirror schemes already in
 * validation).
 */
export function reconfigureProblem(current: DaemonSettings, file: ReloadedFile, release: DaemonRelease): string | null {
  if (!isOlder(release.release, '23.0')) {
    const runtimes = 'runtimes' in file.doc ? file.settings.runtimes : current.runtimes;
    if ('runc' in runtimes) return "runtime name 'runc' is reserved";
    const wanted = nonEmpty(file.doc['default-runtime']) ? file.settings.defaultRuntime : current.defaultRuntime;
    if (!BUILTIN_RUNTIMES.includes(wanted) && !SHIM_NAME.test(wanted) && !(wanted in runtimes)) return `specified default runtime '${wanted}' does not exist`;
  }
  return registryProblem(file);
}

/** moby registry LoadInsecureRegistries and ValidateMirror, on the values the file names. */
function registryProblem(file: ReloadedFile): string | null {
  if ('insecure-registries' in file.doc) {
    for (const value of file.settings.insecureRegistries) {
      const registry = value.replace(/^https?:\/\//i, '');
      if (registry.includes('://')) return `insecure registry ${registry} should not contain '://'`;
      if (!/^[0-9a-fA-F.:]+\/\d+$/.test(registry) && (registry.startsWith('-') || registry.endsWith('-')))
        return `invalid index name (${registry}). Cannot begin or end with a hyphen`;
    }
  }
  if ('registry-mirrors' in file.doc) {
    for (const mirror of file.settings.registryMirrors) {
      const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(mirror)?.[1] ?? '';
      if (scheme.toLowerCase() !== 'http' && scheme.toLowerCase() !== 'https') return `invalid mirror: unsupported scheme "${scheme}" in "${mirror}"`;
    }
  }
  return null;
}

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value !== '';

/**
 * The settings after a reload (moby daemon/reload.go and reload_unix.go): each reloadable option
 * changes only when the new file names it; the download limits return to their defaults unless
 * the file gives a value other than 0; features become the file's. Everything else stays. Where a
 * fault or quirk differs: `variant` (reload-variant.ts).
 */
export function applyReload(
  current: DaemonSettings,
  file: ReloadedFile,
  release: DaemonRelease,
  variant: ReloadVariant,
  /** Whether a start flag gave the option of this file key (a reload keeps it: reload.flags.kept). */
  flagged: (key: string) => boolean = () => false,
): DaemonSettings {
  const { doc, settings: next } = file;
  const named = (key: string): boolean => key in doc && doc[key] !== null;
  const kept = (key: string): boolean => !named(key) && flagged(key) && !variant.flagsReset;
  // 20.10 takes a limit the file names as it is, 0 included; later releases take 0 as the default (observed).
  const zeroIsDefault = !isOlder(release.release, '23.0');
  const limit = (key: string, value: number, fallback: number, keep: number): number => {
    if ((!named(key) && variant.absentLimitsKept) || kept(key)) return keep;
    return named(key) && (value !== 0 || !zeroIsDefault) ? value : fallback;
  };
  const labels = named('labels') ? (variant.labelsAdded ? [...new Set([...current.labels, ...next.labels])] : next.labels) : current.labels;
  const runtimesSet = named('runtimes');
  return {
    ...current,
    debug: named('debug') && !variant.debugNotReloaded ? next.debug : current.debug,
    labels,
    liveRestore: named('live-restore') && !variant.liveRestoreNotReloaded ? next.liveRestore : current.liveRestore,
    maxConcurrentDownloads: limit(
      'max-concurrent-downloads',
      next.maxConcurrentDownloads,
      DEFAULT_SETTINGS.maxConcurrentDownloads,
      current.maxConcurrentDownloads,
    ),
    maxConcurrentUploads:
      named('max-concurrent-uploads') && variant.uploadsNotReloaded
        ? current.maxConcurrentUploads
        : limit('max-concurrent-uploads', next.maxConcurrentUploads, DEFAULT_SETTINGS.maxConcurrentUploads, current.maxConcurrentUploads),
    maxDownloadAttempts: limit('max-download-attempts', next.maxDownloadAttempts, DEFAULT_SETTINGS.maxDownloadAttempts, current.maxDownloadAttempts),
    shutdownTimeout: named('shutdown-timeout') && !variant.shutdownTimeoutNotReloaded ? next.shutdownTimeout : current.shutdownTimeout,
    features: (named('features') && variant.featuresNotReloaded) || kept('features') ? current.features : featuresOf(doc),
    insecureRegistries: named('insecure-registries') ? next.insecureRegistries : current.insecureRegistries,
    registryMirrors: named('registry-mirrors') && !variant.mirrorsNotReloaded ? next.registryMirrors : current.registryMirrors,
    allowNondistributableArtifacts: named('allow-nondistributable-artifacts') ? next.allowNondistributableArtifacts : current.allowNondistributableArtifacts,
    runtimes: runtimesSet ? next.runtimes : current.runtimes,
    // 20.10 rebuilds the runtime table from the file and runc alone (observed: its containerd shim names go).
    ...(runtimesSet && isOlder(release.release, '23.0') ? { builtinShimsDropped: true } : {}),
    defaultRuntime: nonEmpty(doc['default-runtime']) && !variant.defaultRuntimeNotReloaded ? next.defaultRuntime : current.defaultRuntime,
    defaultShmSize: named('default-shm-size') && !variant.shmSizeNotReloaded ? next.defaultShmSize : current.defaultShmSize,
    defaultIpcMode: nonEmpty(doc['default-ipc-mode']) ? next.defaultIpcMode : current.defaultIpcMode,
    defaultCgroupnsMode: nonEmpty(doc['default-cgroupns-mode']) ? next.defaultCgroupnsMode : current.defaultCgroupnsMode,
    ...(variant.experimentalReloaded && named('experimental') ? { experimental: next.experimental } : {}),
  };
}

/** The file's features alone: a reload replaces the set (none when the file has none). */
function featuresOf(doc: FileDocument): Readonly<Record<string, boolean>> {
  const features = doc['features'];
  return typeof features === 'object' && features !== null ? (features as Record<string, boolean>) : {};
}
