import type { SimConfig } from '../../config/resolve.js';
import type { DaemonSettings } from '../../daemon-config/settings.js';
import type { ReloadHost } from '../../reload/reload.js';

/**
 * observed.reload.atomic: 20.10 applies a reload one option group at a time, without a snapshot
 * (moby 20.10 daemon/reload.go: reloadPlatform — runtimes, default runtime, shm size, ipc and
 * cgroupns modes —, then debug, the download limits, shutdown timeout, features, labels and the
 * registry settings, then live-restore), while GET /info reads the configuration unlocked: an answer
 * during a reload can mix the old labels and live-restore with the new runtimes (observed on
 * 20.10.24, every attempt). The simulator serves each step for a few milliseconds, then logs the
 * reload. Carried by reload/reload.ts.
 */
export const NON_ATOMIC_RELOAD = 'observed.reload.atomic';

/** How long each intermediate step is served: long enough for concurrent readers to see it. */
const STEP_MS = 15;

type Pick = (current: DaemonSettings, next: DaemonSettings) => Partial<DaemonSettings>;

/** The steps in 20.10's order; what a step leaves out keeps its old value until a later step. */
const STEPS: readonly Pick[] = [
  (_c, n) => ({ runtimes: n.runtimes, defaultRuntime: n.defaultRuntime, defaultShmSize: n.defaultShmSize, defaultIpcMode: n.defaultIpcMode, defaultCgroupnsMode: n.defaultCgroupnsMode, ...(n.builtinShimsDropped === undefined ? {} : { builtinShimsDropped: n.builtinShimsDropped }) }),
  (_c, n) => ({
    debug: n.debug,
    maxConcurrentDownloads: n.maxConcurrentDownloads,
    maxConcurrentUploads: n.maxConcurrentUploads,
    maxDownloadAttempts: n.maxDownloadAttempts,
    shutdownTimeout: n.shutdownTimeout,
    features: n.features,
    labels: n.labels,
    allowNondistributableArtifacts: n.allowNondistributableArtifacts,
    insecureRegistries: n.insecureRegistries,
    registryMirrors: n.registryMirrors,
  }),
];

interface InFlight {
  timer: NodeJS.Timeout | undefined;
  readonly finish: () => void;
}
const inFlight = new WeakMap<ReloadHost, InFlight>();

/** Ends a reload still in its steps at once (its last step and log line), so that the next one starts from its result, as 20.10's reloads run one after the other. */
export function settleStepwiseReload(host: ReloadHost): void {
  const pending = inFlight.get(host);
  if (pending === undefined) return;
  clearTimeout(pending.timer);
  pending.finish();
}

/** Serves `next` step by step, then calls `done` (the reload's log line); resolves when it is served whole. */
export function applyStepwise(host: ReloadHost, current: SimConfig, next: SimConfig, done: () => void): Promise<void> {
  return new Promise((resolve) => {
    let settings = current.settings;
    const finish = (): void => {
      inFlight.delete(host);
      if (host.stopped()) return resolve();
      host.serve(next);
      done();
      resolve();
    };
    const entry: InFlight = { timer: undefined, finish };
    inFlight.set(host, entry);
    let index = 0;
    const step = (): void => {
      if (index === STEPS.length || host.stopped()) return finish();
      settings = { ...settings, ...STEPS[index]!(current.settings, next.settings) };
      index += 1;
      host.serve(Object.freeze({ ...next, settings, debug: settings.debug }));
      entry.timer = setTimeout(step, STEP_MS);
    };
    step();
  });
}
