import fc from 'fast-check';
import { RELOADABLE_KEYS, type ReloadableKey } from '../../specs/options.js';
import { labelKey, labelValue, suiteName } from '../arbitraries/values.js';

/** Why a generated file must be refused by a reload, or 'none'. */
export type Flaw =
  | 'none'
  | 'conflict'
  | 'unknown-key'
  | 'wrong-type'
  | 'invalid-value'
  | 'duplicate-labels'
  | 'not-json'
  | 'unknown-default-runtime'
  | 'reserved-runtime'
  /** A directory where the file should be. */
  | 'unreadable'
  /** A non-reloadable option with a value 23.0 and later refuse (20.10 does not check it on reload). */
  | 'invalid-non-reloadable'
  /** One documented reloadable key with an invalid value (`ReloadFile.invalid`), alone or among valid changes. */
  | 'invalid-key';

/** A configuration file to write before a reload: a document, or text that is not JSON. */
export interface ReloadFile {
  readonly doc?: Readonly<Record<string, unknown>>;
  readonly raw?: string;
  /** A directory in place of the file. */
  readonly unreadable?: true;
  readonly flaw: Flaw;
  /** For an `invalid-key` file: which key is invalid, and whether the file holds valid changes to other keys too. */
  readonly invalid?: { readonly key: ReloadableKey; readonly alone: boolean };
  /** For a `conflict` file: the key that repeats a start flag. */
  readonly conflict?: string;
}

/** The documented item an `invalid-key` file exercises (reload.invalid.unchanged's coverage). */
export const invalidItem = (key: string, alone: boolean): string => `invalid:${key}:${alone ? 'alone' : 'with-valid-changes'}`;

/** The documented item a `conflict` file exercises (reload.conflict.unchanged's coverage). */
export const conflictItem = (key: string): string => `conflict:${key}`;

/** The options the daemon was started with, as flags (the file must not repeat them). */
export interface StartSetup {
  readonly debug?: boolean;
  readonly labels?: readonly string[];
  readonly maxConcurrentDownloads?: number;
  readonly liveRestore?: boolean;
  readonly insecure?: readonly string[];
  readonly shutdownTimeout?: number;
  readonly features?: Readonly<Record<string, boolean>>;
}

/** The start flags of a setup. */
export function startArgs(setup: StartSetup): string[] {
  const args: string[] = [];
  if (setup.debug === true) args.push('-D');
  for (const label of setup.labels ?? []) args.push('--label', label);
  if (setup.maxConcurrentDownloads !== undefined) args.push('--max-concurrent-downloads', String(setup.maxConcurrentDownloads));
  if (setup.liveRestore === true) args.push('--live-restore');
  for (const cidr of setup.insecure ?? []) args.push('--insecure-registry', cidr);
  if (setup.shutdownTimeout !== undefined) args.push('--shutdown-timeout', String(setup.shutdownTimeout));
  for (const [name, on] of Object.entries(setup.features ?? {})) args.push('--feature', `${name}=${on}`);
  return args;
}

/** The file keys a setup's flags (and the safety flags every started daemon has) make conflicting. */
export function flaggedKeys(setup: StartSetup): string[] {
  const keys = ['data-root', 'exec-root', 'pidfile'];
  if (setup.debug === true) keys.push('debug');
  if (setup.labels !== undefined) keys.push('labels');
  if (setup.maxConcurrentDownloads !== undefined) keys.push('max-concurrent-downloads');
  if (setup.liveRestore === true) keys.push('live-restore');
  if (setup.insecure !== undefined) keys.push('insecure-registries');
  if (setup.shutdownTimeout !== undefined) keys.push('shutdown-timeout');
  if (setup.features !== undefined) keys.push('features');
  return keys;
}

const label = fc.tuple(labelKey, labelValue).map(([k, v]) => `${k}=${v}`);
const labels = fc.uniqueArray(fc.tuple(labelKey, labelValue), { maxLength: 3, selector: ([k]) => k }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`));
const cidr = fc.integer({ min: 0, max: 255 }).map((n) => `10.${n}.0.0/16`);
const cidrs = fc.uniqueArray(cidr, { minLength: 1, maxLength: 2 });
/** Mirrors on a documentation address (TEST-NET-1): never contacted. */
const mirrors = fc.uniqueArray(
  fc.integer({ min: 1, max: 254 }).map((n) => `https://192.0.2.${n}`),
  { maxLength: 2 },
);
const features = fc.oneof(
  fc.constant({}),
  fc.boolean().map((on) => ({ cdi: on })),
);

/** The start flags the suite sets, with the values it gives them. */
const SETUP_FLAGS = {
  debug: fc.constant(true),
  labels: fc.array(label, { minLength: 1, maxLength: 2 }).map((ls) => [...new Map(ls.map((l) => [l.split('=')[0], l])).values()]),
  maxConcurrentDownloads: fc.integer({ min: 1, max: 9 }),
  liveRestore: fc.constant(true),
  insecure: cidrs,
  shutdownTimeout: fc.integer({ min: 1, max: 99 }),
  features: fc.boolean().map((on) => ({ cdi: on })),
};

/** Any of the start flags, or none. */
export const startSetups: fc.Arbitrary<StartSetup> = fc.record(SETUP_FLAGS, { requiredKeys: [] });

/** Setups that give every start flag the suite sets (so that the file can repeat each of them). */
export const fullSetups: fc.Arbitrary<StartSetup> = fc.record(SETUP_FLAGS);

/** One file per key the start flags set, each repeating that key among valid changes to others, in a generated order. */
export const everyConflict = (setup: StartSetup, docs: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<ReloadFile[]> => {
  const keys = flaggedKeys(setup);
  return fc
    .tuple(
      ...keys.map((key) =>
        fc
          .tuple(notFlagged(setup, docs), fc.integer({ min: 0, max: 1 << 20 }))
          .map(([doc, n]): ReloadFile => ({ doc: { ...doc, [key]: conflictValue(key, n) }, flaw: 'conflict', conflict: key })),
      ),
    )
    .chain((files) => fc.shuffledSubarray(files, { minLength: files.length, maxLength: files.length }));
};

/** Every reloadable option, with values every release takes. */
export const RELOADABLE_VALUES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  debug: fc.boolean(),
  labels,
  'live-restore': fc.boolean(),
  'max-concurrent-downloads': fc.integer({ min: 0, max: 9 }),
  'max-concurrent-uploads': fc.integer({ min: 0, max: 9 }),
  'max-download-attempts': fc.integer({ min: 1, max: 9 }),
  'shutdown-timeout': fc.integer({ min: 0, max: 120 }),
  features,
  'insecure-registries': cidrs,
  'registry-mirrors': mirrors,
  'default-shm-size': fc.constantFrom('64M', '128M', '1G'),
  'default-ipc-mode': fc.constantFrom('shareable', 'private'),
  'default-cgroupns-mode': fc.constantFrom('host', 'private'),
};

/** Options outside the reloadable list, with valid values. */
export const NON_RELOADABLE_VALUES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  experimental: fc.boolean(),
  'storage-driver': fc.constant('vfs'),
  'log-level': fc.constantFrom('warn', 'error', 'info'),
  mtu: fc.integer({ min: 1280, max: 1500 }),
};

/** A runtimes object and a default-runtime every release takes: the default is registered in the same file (or is runc). */
const runtimesPart = fc
  .uniqueArray(
    suiteName(5).map((n) => `${n}-rt`),
    { minLength: 1, maxLength: 2 },
  )
  .chain((names) => fc.record({ names: fc.constant(names), pick: fc.integer({ min: -1, max: names.length - 1 }) }))
  .map(({ names, pick }) => ({
    runtimes: Object.fromEntries(names.map((n) => [n, { path: '/usr/bin/runc' }])),
    ...(pick < 0 ? {} : { 'default-runtime': names[pick]! }),
  }));

/** A valid document of some reloadable options (`keys` limits which), with optional non-reloadable ones. */
export function validDocs(
  keys: readonly string[] = Object.keys(RELOADABLE_VALUES),
  options: { runtimes?: boolean; nonReloadable?: boolean; required?: readonly string[]; values?: Readonly<Record<string, fc.Arbitrary<unknown>>> } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const values = { ...RELOADABLE_VALUES, ...options.values };
  const picked = fc.record(Object.fromEntries(keys.map((k) => [k, values[k]!])), { requiredKeys: [...(options.required ?? [])] });
  const extra = options.nonReloadable === true ? fc.record(NON_RELOADABLE_VALUES, { requiredKeys: [] }) : fc.constant({});
  const runtimes = options.runtimes === true ? (keys.length === 0 ? runtimesPart : fc.option(runtimesPart, { nil: undefined })) : fc.constant(undefined);
  return fc.tuple(picked, extra, runtimes).map(([a, b, r]) => ({ ...a, ...b, ...(r ?? {}) }));
}

const negative = fc.integer({ min: -1000, max: -1 });
/** A number where the document says int: Go's decoder refuses it. */
const fraction = fc.integer({ min: 1, max: 99 }).map((n) => n + 0.5);
/**
 * Invalid values of every reloadable key: a value of another type than daemon.md › Keys in the
 * Linux file gives the key, and, where the document or the validation the real daemons run
 * bounds the value, one outside it (a negative count, a default runtime not registered, a runtime
 * entry that is no object, conflicting duplicate labels, a registry address of another scheme or
 * with a leading hyphen). Never a plugin name that does not exist: that ends the daemon
 * (reload.authz-missing).
 */
export const INVALID_VALUES: Readonly<Record<ReloadableKey, fc.Arbitrary<unknown>>> = {
  debug: fc.constantFrom<unknown>('yes', 'true', 1),
  labels: fc.oneof(
    fc.tuple(labelKey, labelValue).map(([k, v]): unknown => `${k}=${v}`),
    fc
      .tuple(labelKey, labelValue, labelValue)
      .filter(([, a, b]) => a !== b)
      .map(([k, a, b]): unknown => [`${k}=${a}`, `${k}=${b}`]),
  ),
  'live-restore': fc.constantFrom<unknown>('yes', 'false', 0),
  'max-concurrent-downloads': fc.oneof(negative, fraction, fc.integer({ min: 1, max: 9 }).map(String)),
  'max-concurrent-uploads': fc.oneof(negative, fraction, fc.integer({ min: 1, max: 9 }).map(String)),
  'max-download-attempts': fc.oneof(negative, fraction, fc.integer({ min: 1, max: 9 }).map(String)),
  'default-runtime': fc.oneof(
    suiteName(5).map((n): unknown => `${n}-none`),
    fc.integer({ min: 1, max: 9 }),
  ),
  runtimes: fc.oneof(
    suiteName(5).map((n): unknown => ({ [`${n}-rt`]: '/usr/bin/runc' })),
    fc.constant<unknown>({ runc: { path: '/usr/bin/runc' } }),
    suiteName(5).map((n): unknown => [`${n}-rt`]),
  ),
  'authorization-plugins': fc.oneof(
    suiteName(5).map((n): unknown => `${n}-authz`),
    fc.integer({ min: 1, max: 9 }).map((n): unknown => [n]),
  ),
  'insecure-registries': fc.oneof(
    fc.integer({ min: 0, max: 255 }).map((n): unknown => [`ftp://10.${n}.0.0/16`]),
    suiteName(5).map((n): unknown => [`-${n}-`]),
    fc.integer({ min: 0, max: 255 }).map((n): unknown => `10.${n}.0.0/16`),
  ),
  'registry-mirrors': fc.oneof(
    fc.integer({ min: 1, max: 254 }).map((n): unknown => [`ftp://192.0.2.${n}`]),
    fc.integer({ min: 1, max: 254 }).map((n): unknown => `https://192.0.2.${n}`),
  ),
  'shutdown-timeout': fc.oneof(fc.integer({ min: 0, max: 99 }).map(String), fraction),
  features: fc.oneof(fc.constant<unknown>({ cdi: 'yes' }), fc.constant<unknown>(['cdi']), fc.constant<unknown>({ cdi: 1 })),
};

/** Labels that change the set whatever it was: at least one, with a key no earlier file used. */
const freshLabels = fc
  .uniqueArray(fc.tuple(labelKey, labelValue), { minLength: 1, maxLength: 3, selector: ([k]) => k })
  .map((pairs) => pairs.map(([k, v]) => `${k}v=${v}`));

/**
 * Valid changes to the keys other than `key`: new labels, live-restore, shutdown-timeout and
 * upload limit always (labels and the registries are what a daemon that applied half of the file
 * shows in /info), the rest sometimes. Never runtimes or default-runtime beside an invalid one of
 * them (the file would be invalid for another reason).
 */
function validChangesBeside(key: ReloadableKey): fc.Arbitrary<Record<string, unknown>> {
  const skip = new Set<string>([key, ...(key === 'runtimes' || key === 'default-runtime' ? ['runtimes', 'default-runtime'] : [])]);
  const always = ['labels', 'live-restore', 'shutdown-timeout', 'max-concurrent-uploads', 'insecure-registries', 'registry-mirrors'].filter(
    (k) => !skip.has(k),
  );
  const sometimes = ['debug', 'max-concurrent-downloads', 'max-download-attempts', 'features'].filter((k) => !skip.has(k));
  const values = {
    ...RELOADABLE_VALUES,
    labels: freshLabels,
    'registry-mirrors': mirrors.filter((m) => m.length > 0),
    'max-concurrent-uploads': fc.integer({ min: 1, max: 9 }),
  };
  const keys = [...always, ...sometimes];
  // A runtimes part always names its default: 20.10 applies runtimes before it finds a bad registry
  // value, and a default it dropped crashes it (the known deviation of reload.sighup.applies).
  const runtimes = skip.has('runtimes')
    ? fc.constant(undefined)
    : fc.option(
        runtimesPart.filter((part) => 'default-runtime' in part),
        { nil: undefined },
      );
  return fc
    .tuple(fc.record(Object.fromEntries(keys.map((k) => [k, values[k as keyof typeof values]!])), { requiredKeys: always }), runtimes)
    .map(([doc, r]) => ({ ...doc, ...(r ?? {}) }));
}

/**
 * Files with an invalid value for `key`: alone, and among valid changes to other keys. Either
 * way the whole reload must be refused, nothing of it applied. (Start flags are left out: the
 * valid changes would conflict with them.)
 */
export const invalidKeyFile = (key: ReloadableKey, alone: boolean): fc.Arbitrary<ReloadFile> =>
  fc
    .tuple(INVALID_VALUES[key], alone ? fc.constant({}) : validChangesBeside(key))
    .map(([value, valid]): ReloadFile => ({ doc: { ...valid, [key]: value }, flaw: 'invalid-key', invalid: { key, alone } }));

/** Every reloadable key's invalid value, alone and among valid changes, in a generated order. */
export const everyInvalidKey = (): fc.Arbitrary<ReloadFile[]> =>
  fc
    .tuple(...RELOADABLE_KEYS.flatMap((key) => [invalidKeyFile(key, true), invalidKeyFile(key, false)]))
    .chain((files) => fc.shuffledSubarray(files, { minLength: files.length, maxLength: files.length }));

/** Leaves out of generated documents the keys the start flags set (they would conflict). */
export function notFlagged(setup: StartSetup, docs: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const flagged = new Set(flaggedKeys(setup));
  return docs.map((doc) => Object.fromEntries(Object.entries(doc).filter(([key]) => !flagged.has(key))));
}

const SETUP_KEYS: Readonly<Record<string, keyof StartSetup>> = {
  debug: 'debug',
  labels: 'labels',
  'max-concurrent-downloads': 'maxConcurrentDownloads',
  'live-restore': 'liveRestore',
  'insecure-registries': 'insecure',
  'shutdown-timeout': 'shutdownTimeout',
  features: 'features',
};

/** Start setups that leave `keys` to the file (so that a check of those keys can reload them). */
export const setupsLeaving = (keys: readonly string[]): fc.Arbitrary<StartSetup> =>
  startSetups.map((setup) => {
    const left = new Set(keys.map((key) => SETUP_KEYS[key]).filter((k) => k !== undefined));
    return Object.fromEntries(Object.entries(setup).filter(([name]) => !left.has(name as keyof StartSetup))) as StartSetup;
  });

/** A file with one flaw among valid changes (the valid part never repeats a start flag). */
export const FLAWS: readonly Exclude<Flaw, 'none'>[] = [
  'conflict',
  'unknown-key',
  'wrong-type',
  'invalid-value',
  'duplicate-labels',
  'not-json',
  'unreadable',
  'unknown-default-runtime',
  'reserved-runtime',
  'invalid-non-reloadable',
];

export function flawedFiles(
  setup: StartSetup,
  docs: fc.Arbitrary<Record<string, unknown>>,
  kinds: readonly Exclude<Flaw, 'none'>[] = FLAWS,
): fc.Arbitrary<ReloadFile> {
  const conflicting = flaggedKeys(setup);
  const base = notFlagged(setup, docs);
  return fc.tuple(base, fc.integer({ min: 0, max: 1 << 20 }), suiteName(6)).chain(([doc, n, name]) =>
    fc.constantFrom<Flaw>(...kinds).map((flaw): ReloadFile => {
      switch (flaw) {
        case 'conflict': {
          const key = conflicting[n % conflicting.length]!;
          return { doc: { ...doc, [key]: conflictValue(key, n) }, flaw, conflict: key };
        }
        case 'unknown-key':
          return { doc: { ...doc, [`${name}-key`]: n }, flaw };
        case 'wrong-type':
          return { doc: { ...doc, 'shutdown-timeout': String(n) }, flaw };
        case 'invalid-value':
          return { doc: { ...doc, 'max-concurrent-uploads': -1 - (n % 100) }, flaw };
        case 'duplicate-labels':
          return { doc: { ...doc, labels: [`k${name}=1`, `k${name}=2`] }, flaw };
        case 'not-json': {
          const text = JSON.stringify(doc);
          return { raw: text.slice(0, 1 + (n % Math.max(1, text.length - 1))), flaw };
        }
        case 'unreadable':
          return { unreadable: true, flaw };
        case 'unknown-default-runtime':
          return { doc: { ...withoutRuntimes(doc), 'default-runtime': `${name}-none` }, flaw };
        case 'reserved-runtime':
          return { doc: { ...withoutRuntimes(doc), runtimes: { runc: { path: '/usr/bin/runc' } } }, flaw };
        default:
          return { doc: { ...doc, 'log-level': `${name}-level` }, flaw: 'invalid-non-reloadable' };
      }
    }),
  );
}

const withoutRuntimes = (doc: Record<string, unknown>): Record<string, unknown> => {
  const { runtimes: _r, 'default-runtime': _d, ...rest } = doc;
  return rest;
};

/** One file of each kind of flaw, in a generated order. */
export const oneOfEachFlaw = (
  setup: StartSetup,
  docs: fc.Arbitrary<Record<string, unknown>>,
  kinds: readonly Exclude<Flaw, 'none'>[],
): fc.Arbitrary<ReloadFile[]> =>
  fc
    .tuple(...kinds.map((kind) => flawedFiles(setup, docs, [kind])))
    .chain((files) => fc.shuffledSubarray(files, { minLength: files.length, maxLength: files.length }));

/** A value for a key that is also a start flag (the conflict is reported whatever the value). */
function conflictValue(key: string, n: number): unknown {
  switch (key) {
    case 'debug':
    case 'live-restore':
      return n % 2 === 0;
    case 'labels':
      return [`kconflict=${n}`];
    case 'insecure-registries':
      return [`10.${n % 256}.0.0/16`];
    case 'features':
      return { cdi: n % 2 === 0 };
    case 'max-concurrent-downloads':
    case 'shutdown-timeout':
      return 1 + (n % 9);
    default:
      return `/tmp/ctc-conflict-${n}`;
  }
}
