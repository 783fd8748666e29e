import fc from 'fast-check';
import { optionNamed } from '../../../specs/options.js';
import type { Brand } from '../../../specs/brands.js';
import type { SuiteContext } from '../../harness/context.js';
import { releaseAtLeast } from '../../harness/release-facts.js';
import { takesOption } from '../../harness/start-and-inspect.js';
import { cidr, distinctLabels, domain, ipv4, mirrorUrl, name, registryName, suiteName } from '../../arbitraries/values.js';

/**
 * One option with a generated valid value, in both of its spellings: the flag's values (one per
 * occurrence; a switch has one, "true" or "false") and the file's value.
 */
export interface Setting {
  readonly option: string;
  /** The file key; `proxies` for the three proxy options, whose file form is that object's field. */
  readonly key: string;
  readonly isSwitch: boolean;
  readonly flagValues: readonly string[];
  readonly fileValue: unknown;
}

export interface Entry {
  readonly option: string;
  readonly key?: string;
  /** First release observed to take every value generated here, where that is later than the option (implementation rules only). */
  readonly observedFrom?: string;
  /** The generated value as (flag values, file value). */
  readonly value: (brand: Brand) => fc.Arbitrary<{ flag: readonly string[]; file: unknown }>;
}

const sw = (option: string): Entry => ({ option, value: () => fc.boolean().map((b) => ({ flag: [String(b)], file: b })) });
const one = (option: string, values: fc.Arbitrary<string>): Entry => ({ option, value: () => values.map((v) => ({ flag: [v], file: v })) });
const int = (option: string, min: number, max: number): Entry => ({
  option,
  value: () => fc.integer({ min, max }).map((n) => ({ flag: [String(n)], file: n })),
});
const list = (option: string, items: fc.Arbitrary<string[]>): Entry => ({ option, value: () => items.map((v) => ({ flag: v, file: v })) });
const proxy = (option: string, values: fc.Arbitrary<string>): Entry => ({
  option,
  key: 'proxies',
  value: () => values.map((v) => ({ flag: [v], file: { [option]: v } })),
});

const proxyUrl = fc.tuple(name(8), fc.integer({ min: 1025, max: 65000 })).map(([host, p]) => `http://${host}.example:${p}`);
const noProxy = fc.array(domain, { minLength: 1, maxLength: 3 }).map((d) => d.join(','));

/**
 * Options a suite may set with any generated valid value and still run inside its sandbox: none of
 * the flags the target sets itself (roots, PID file, hosts, bridge, firewall, forwarding, configuration file),
 * nothing that needs a bridge, TLS files, another supervisor, plugins, user namespaces, systemd or
 * cgroup v1 real-time knobs. Each value is one every release with the option takes at start.
 */
export const SAFE_SETTINGS: readonly Entry[] = [
  sw('debug'),
  sw('experimental'),
  sw('live-restore'),
  // Not icc: --icc=false needs iptables, which the sandbox turns off (20.10 refuses the pair at start).
  sw('ip-masq'),
  sw('init'),
  sw('no-new-privileges'),
  sw('raw-logs'),
  sw('userland-proxy'),
  sw('allow-direct-routing'),
  one('log-level', fc.constantFrom('debug', 'info', 'warn', 'error', 'fatal')),
  // Not none: it takes no log options, and log-opt is generated beside it.
  one('log-driver', fc.constantFrom('json-file', 'local')),
  { option: 'log-opt', value: () => fc.integer({ min: 1, max: 100 }).map((n) => ({ flag: [`max-size=${n}m`], file: { 'max-size': `${n}m` } })) },
  one('log-format', fc.constantFrom('text', 'json')),
  int('max-concurrent-downloads', 1, 10),
  int('max-concurrent-uploads', 1, 10),
  int('max-download-attempts', 1, 10),
  int('shutdown-timeout', 0, 60),
  int('mtu', 1280, 1500),
  one('default-cgroupns-mode', fc.constantFrom('host', 'private')),
  one('default-ipc-mode', fc.constantFrom('shareable', 'private')),
  one(
    'default-shm-size',
    fc.tuple(fc.integer({ min: 1, max: 512 }), fc.constantFrom('m', 'M', 'MiB', 'k')).map(([n, unit]) => `${n}${unit}`),
  ),
  one(
    'cgroup-parent',
    suiteName().map((n) => `/${n}`),
  ),
  // The document's own value ("`unconfined` disables the default profile"); 20.10.24 reads it as a profile path and fails at start.
  { ...one('seccomp-profile', fc.constant('unconfined')), observedFrom: '23.0' },
  list('exec-opt', fc.constant(['native.cgroupdriver=cgroupfs'])),
  list('label', distinctLabels(1, 3)),
  list('dns', fc.uniqueArray(ipv4, { minLength: 1, maxLength: 2 })),
  list('dns-search', fc.uniqueArray(domain, { minLength: 1, maxLength: 2 })),
  list(
    'dns-opt',
    fc.integer({ min: 1, max: 9 }).map((n) => [`ndots:${n}`]),
  ),
  list('insecure-registry', fc.uniqueArray(fc.oneof(cidr, registryName), { minLength: 1, maxLength: 3 })),
  list('registry-mirror', fc.uniqueArray(mirrorUrl, { minLength: 1, maxLength: 2 })),
  list(
    'node-generic-resource',
    fc
      .uniqueArray(fc.tuple(suiteName(6), fc.integer({ min: 1, max: 16 })), { minLength: 1, maxLength: 2, selector: ([kind]) => kind })
      .map((pairs) => pairs.map(([k, n]) => `${k}=${n}`)),
  ),
  {
    option: 'default-ulimit',
    value: () =>
      fc.tuple(fc.constantFrom('nofile', 'nproc', 'core'), fc.integer({ min: 0, max: 4096 }), fc.integer({ min: 0, max: 4096 })).map(([limit, a, b]) => {
        const [soft, hard] = a <= b ? [a, b] : [b, a];
        return { flag: [`${limit}=${soft}:${hard}`], file: { [limit]: { Name: limit, Soft: soft, Hard: hard } } };
      }),
  },
  {
    option: 'default-address-pool',
    value: () =>
      fc
        .tuple(fc.integer({ min: 11, max: 126 }), fc.constantFrom(20, 24, 26))
        .map(([a, size]) => ({ flag: [`base=${a}.0.0.0/16,size=${size}`], file: [{ base: `${a}.0.0.0/16`, size }] })),
  },
  {
    option: 'default-network-opt',
    value: (brand) =>
      fc
        .integer({ min: 1280, max: 1500 })
        .map((mtu) => ({ flag: [`bridge=com.${brand}.network.driver.mtu=${mtu}`], file: { bridge: { [`com.${brand}.network.driver.mtu`]: String(mtu) } } })),
  },
  { option: 'add-runtime', value: () => suiteName().map((n) => ({ flag: [`${n}=/bin/true`], file: { [n]: { path: '/bin/true' } } })) },
  one('host-gateway-ip', ipv4),
  {
    ...list(
      'cdi-spec-dir',
      fc.uniqueArray(suiteName(), { minLength: 1, maxLength: 2 }).map((dirs) => dirs.map((d) => `/etc/${d}`)),
    ),
  },
  { option: 'feature', value: () => fc.boolean().map((b) => ({ flag: [`cdi=${b}`], file: { cdi: b } })) },
  proxy('http-proxy', proxyUrl),
  proxy('https-proxy', proxyUrl),
  proxy('no-proxy', noProxy),
];

/** The file key of an entry: its own, the option's, or (for host-gateway-ip) the older single string. */
const keyOf = (entry: Entry): string =>
  entry.key ?? (entry.option === 'host-gateway-ip' ? 'host-gateway-ip' : (optionNamed(entry.option)?.fileKey ?? entry.option));

/**
 * The entries a check generates. A document rule gets every entry of the document's tables,
 * whatever the release has: a release that lacks one fails the rule. An `implementation` rule,
 * which speaks of what the release was observed to have, gets those (by flag, by file, or both).
 */
export function settingsOf(ctx: Pick<SuiteContext, 'observed' | 'release'>, by: 'flag' | 'file' | 'both'): readonly Entry[] {
  const observed = ctx.observed;
  if (observed === null) return SAFE_SETTINGS;
  return SAFE_SETTINGS.filter(
    (entry) =>
      (entry.observedFrom === undefined || releaseAtLeast(ctx, entry.observedFrom)) &&
      (by === 'file' || observed.hasOption(entry.option)) &&
      (by === 'flag' || observed.hasFileKey(keyOf(entry))),
  );
}

/**
 * Every entry of the document's tables, whatever the release has (the rules that assert the
 * document: config.cli.options, config.file.keys): a release that lacks one fails them.
 */
export const documentedSettings = (): readonly Entry[] => SAFE_SETTINGS;

/** The option names of entries (a documented item each). */
export const optionsOf = (entries: readonly Entry[]): string[] => entries.map((entry) => entry.option);

/** The file key of entries (a documented item each). */
export const keysOf = (entries: readonly Entry[]): string[] => [...new Set(entries.map(keyOf))];

/** A generated setting of one of `entries`. */
export const settingOf = (entries: readonly Entry[], brand: Brand): fc.Arbitrary<Setting> =>
  fc.constantFrom(...entries).chain((entry) =>
    entry.value(brand).map(({ flag, file }) => ({
      option: entry.option,
      key: keyOf(entry),
      isSwitch: optionNamed(entry.option)?.kind === 'bool',
      flagValues: flag,
      fileValue: file,
    })),
  );

/**
 * One setting of every entry (values drawn with a fixed seed): tried first by the checks that say
 * "every option" or "every key", so that no option of the table goes unexercised in a short run.
 */
export function everySetting(entries: readonly Entry[], brand: Brand): Setting[] {
  return entries.map((entry, i) => fc.sample(settingOf([entry], brand), { numRuns: 1, seed: 20261123 + i })[0]!);
}

/** 1…max settings of distinct options. */
export const settingsArb = (entries: readonly Entry[], brand: Brand, max = 4, min = 1): fc.Arbitrary<Setting[]> =>
  fc.uniqueArray(settingOf(entries, brand), { minLength: min, maxLength: Math.min(max, entries.length), selector: (s) => s.option });

/** How a flag is written: `--name=value`, `--name value`, or the short form where it has one. */
export type FlagForm = 'equals' | 'separate' | 'short';

/** The command-line words of a setting in `form` (the short form falls back on `--name value`). */
export function flagWords(setting: Setting, form: FlagForm): string[] {
  const short = optionNamed(setting.option)?.short;
  if (setting.isSwitch) {
    const on = setting.flagValues[0] === 'true';
    if (on && form === 'short' && short !== undefined) return [`-${short}`];
    if (on && form === 'separate') return [`--${setting.option}`];
    return [`--${setting.option}=${setting.flagValues[0] ?? 'true'}`];
  }
  return setting.flagValues.flatMap((value) =>
    form === 'equals' ? [`--${setting.option}=${value}`] : form === 'short' && short !== undefined ? [`-${short}`, value] : [`--${setting.option}`, value],
  );
}

/** The configuration document of settings (the proxy options share the `proxies` object). */
export function documentOf(settings: readonly Setting[]): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const s of settings) {
    const previous = doc[s.key];
    doc[s.key] = isPlainObject(previous) && isPlainObject(s.fileValue) ? { ...previous, ...s.fileValue } : s.fileValue;
  }
  return doc;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const flagForm: fc.Arbitrary<FlagForm> = fc.constantFrom('equals', 'separate', 'short');

/**
 * The entries whose flag the target takes, asked of the target itself (`--name=value --version`,
 * once per option and target): a check whose claim is not about the options themselves (a
 * conflict, a default) tries it with every documented option the target has, so that one it lacks
 * does not keep the claim from being tried. The rule that documents the option judges the refusal,
 * and the coverage figure shows the options left out.
 */
export async function entriesTheTargetTakes(ctx: SuiteContext, entries: readonly Entry[]): Promise<readonly Entry[]> {
  const settings = everySetting(entries, ctx.profile.name);
  const kept: Entry[] = [];
  for (const [i, entry] of entries.entries()) {
    if (await takesOption(ctx, flagWords(settings[i]!, 'equals')[0]!)) kept.push(entry);
  }
  return kept;
}
