/**
 * The reloadable configuration as a client can see it: /info for most options, the
 * "Reloaded configuration" line's JSON for the rest. A field the suite has not seen yet is
 * undefined (the model then predicts nothing for it).
 */
export interface ReloadState {
  readonly debug?: boolean | undefined;
  /** Sorted (the releases list them in the file's order rotated to a start that varies, observed: test/reading-claims/reload.ts). */
  readonly labels?: readonly string[] | undefined;
  readonly liveRestore?: boolean | undefined;
  readonly defaultRuntime?: string | undefined;
  /** Registered runtime names (the built-in ones left out), sorted. */
  readonly runtimes?: readonly string[] | undefined;
  /** Insecure CIDRs other than the loopback ones, sorted. */
  readonly insecure?: readonly string[] | undefined;
  /** Mirrors without the trailing slash /info adds, sorted. */
  readonly mirrors?: readonly string[] | undefined;
  readonly experimental?: boolean | undefined;
  readonly driver?: string | undefined;
  readonly maxConcurrentDownloads?: number | undefined;
  readonly maxConcurrentUploads?: number | undefined;
  readonly maxDownloadAttempts?: number | undefined;
  readonly shutdownTimeout?: number | undefined;
  /** Canonical JSON of the features map ({} when none). */
  readonly features?: string | undefined;
  readonly shmBytes?: number | undefined;
  readonly ipcMode?: string | undefined;
  readonly cgroupnsMode?: string | undefined;
  readonly logLevel?: string | undefined;
}

export type StateField = keyof ReloadState;

/** Fields read from /info, and from the reload line. */
export const INFO_FIELDS: readonly StateField[] = [
  'debug',
  'labels',
  'liveRestore',
  'defaultRuntime',
  'runtimes',
  'insecure',
  'mirrors',
  'experimental',
  'driver',
];
export const LINE_FIELDS: readonly StateField[] = [
  'maxConcurrentDownloads',
  'maxConcurrentUploads',
  'maxDownloadAttempts',
  'shutdownTimeout',
  'features',
  'shmBytes',
  'ipcMode',
  'cgroupnsMode',
  'logLevel',
];

const BUILTIN_RUNTIMES = new Set(['runc', 'io.containerd.runc.v2', 'io.containerd.runtime.v1.linux']);
const LOOPBACK_CIDRS = new Set(['127.0.0.0/8', '::1/128']);
const sorted = (values: readonly string[]): readonly string[] => [...values].sort();
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Canonical text of a features map: keys sorted. */
export const featuresText = (features: Readonly<Record<string, boolean>> | undefined): string =>
  JSON.stringify(Object.fromEntries(Object.entries(features ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))));

/** What GET /info shows of the reloadable options. */
export function stateOfInfo(info: Record<string, unknown>): ReloadState {
  const registry = (info['RegistryConfig'] ?? {}) as Record<string, unknown>;
  const runtimes = Object.keys((info['Runtimes'] ?? {}) as Record<string, unknown>);
  return {
    debug: info['Debug'] === true,
    labels: sorted(strings(info['Labels'])),
    liveRestore: info['LiveRestoreEnabled'] === true,
    defaultRuntime: String(info['DefaultRuntime']),
    runtimes: sorted(runtimes.filter((name) => !BUILTIN_RUNTIMES.has(name))),
    insecure: sorted(strings(registry['InsecureRegistryCIDRs']).filter((cidr) => !LOOPBACK_CIDRS.has(cidr))),
    mirrors: sorted(strings(registry['Mirrors']).map((m) => m.replace(/\/$/, ''))),
    experimental: info['ExperimentalBuild'] === true,
    driver: String(info['Driver']),
  };
}

/** What the "Reloaded configuration" line's JSON shows (Go leaves out empty values). */
export function stateOfLine(config: Record<string, unknown>): ReloadState {
  const n = (key: string): number | undefined => (typeof config[key] === 'number' ? (config[key] as number) : undefined);
  return {
    maxConcurrentDownloads: n('max-concurrent-downloads'),
    maxConcurrentUploads: n('max-concurrent-uploads'),
    maxDownloadAttempts: n('max-download-attempts'),
    shutdownTimeout: n('shutdown-timeout') ?? 0,
    features: featuresText(config['features'] as Record<string, boolean> | undefined),
    shmBytes: n('default-shm-size'),
    ipcMode: typeof config['default-ipc-mode'] === 'string' ? (config['default-ipc-mode'] as string) : undefined,
    cgroupnsMode: typeof config['default-cgroupns-mode'] === 'string' ? (config['default-cgroupns-mode'] as string) : undefined,
    logLevel: typeof config['log-level'] === 'string' ? (config['log-level'] as string) : undefined,
  };
}

/** The fields of `predicted` that `observed` contradicts (fields either side does not know are skipped). */
export function differences(predicted: ReloadState, observed: ReloadState, fields: readonly StateField[]): string[] {
  const wrong: string[] = [];
  for (const field of fields) {
    const want = predicted[field];
    const got = observed[field];
    if (want === undefined || got === undefined) continue;
    if (JSON.stringify(want) !== JSON.stringify(got)) wrong.push(`${field} is ${JSON.stringify(got)}, the model predicts ${JSON.stringify(want)}`);
  }
  return wrong;
}
