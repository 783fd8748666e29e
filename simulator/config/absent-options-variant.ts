import { isOlder } from '../../common/dotted-version.js';
import { DAEMON_OPTIONS } from '../../specs/options.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/** Every documented option the release lacks (its observed flag list shows which). */
const ALL = 'every documented option the release lacks';

/** What one quirk takes away of the documented options: flag names, file keys (directive names) and usage lines. */
export interface TakenAway {
  /** The flags that are unknown to the release's parser. */
  readonly flags: readonly string[] | typeof ALL;
  /** The file keys that are unknown directives to the release. */
  readonly keys: readonly string[] | typeof ALL;
  /** The flags the usage (--help) leaves out. */
  readonly usage: readonly string[] | typeof ALL;
}

const NOTHING: TakenAway = Object.freeze({ flags: Object.freeze([]), keys: Object.freeze([]), usage: Object.freeze([]) });

/**
 * Observed quirks: documented options a release does not have (20.10.24 and 26.1.5 lack some, as
 * their flag lists in specs/daemon-flags.ts show). Each quirk takes away the options of its own
 * rule (of those the release lacks); `--as-observed` carries them all, which leaves the release's
 * own flag list.
 */
const TAKEN_AWAY_BY = {
  'observed.config.cli.options': { flags: ALL, keys: [], usage: [] },
  'observed.config.cli.help': { flags: [], keys: [], usage: ALL },
  'observed.config.file.keys': { flags: [], keys: ALL, usage: [] },
  'observed.config.file.plural-keys': { flags: [], keys: ALL, usage: [] },
  'observed.config.file.nested-shapes': { flags: [], keys: ALL, usage: [] },
  'observed.config.host-gateway.ips': { flags: [], keys: ALL, usage: [] },
  'observed.config.file.validate': { flags: ['validate'], keys: [], usage: [] },
  'observed.config.cli.feature-value': { flags: ['feature'], keys: [], usage: [] },
  'observed.config.features.exclusive': { flags: ['feature'], keys: [], usage: [] },
  'observed.config.log-format.exclusive': { flags: ['log-format'], keys: ['log-format'], usage: [] },
  'observed.config.log-format.json': { flags: ['log-format'], keys: ['log-format'], usage: [] },
  'observed.config.network-opts.forms': { flags: ['default-network-opt'], keys: ['default-network-opts'], usage: [] },
  'observed.config.cdi.spec-dirs': { flags: ['cdi-spec-dir'], keys: ['cdi-spec-dirs'], usage: [] },
  'observed.config.env.proxy-precedence': { flags: ['http-proxy', 'https-proxy', 'no-proxy'], keys: ['http-proxy', 'https-proxy', 'no-proxy'], usage: [] },
} as const satisfies Record<string, TakenAway>;

type AbsentOptionQuirk = keyof typeof TAKEN_AWAY_BY;
const QUIRKS = Object.keys(TAKEN_AWAY_BY) as AbsentOptionQuirk[];

/**
 * What the release's options lack, a field per quirk of TAKEN_AWAY_BY (what it takes away where it
 * is carried, nothing where not): quirks carried together take away all of theirs.
 */
export type AbsentOptionsVariant = Readonly<Record<AbsentOptionQuirk, TakenAway>>;

/** The document's options: nothing taken away (the document gives its options no release). */
export const REFERENCE_ABSENT_OPTIONS: AbsentOptionsVariant = Object.freeze(
  Object.fromEntries(QUIRKS.map((id) => [id, NOTHING])) as Record<AbsentOptionQuirk, TakenAway>,
);

/** Each quirk sets its own field to what it takes away. */
export const ABSENT_OPTIONS_VARIATIONS: readonly VariationRow<AbsentOptionsVariant>[] = QUIRKS.map((id) => [
  id,
  { [id]: TAKEN_AWAY_BY[id] } as Partial<AbsentOptionsVariant>,
]);

/** The options lacked with these quirks (a table of quirks only: no fault is asked). */
export const absentOptionsVariant = (config: { readonly quirks: ReadonlySet<string> }): AbsentOptionsVariant =>
  resolveVariant(REFERENCE_ABSENT_OPTIONS, ABSENT_OPTIONS_VARIATIONS, { faults: new Set(), quirks: config.quirks });

/** Documented options the release's observed flag list lacks (none where no list was observed). */
function lackedBy(release: DaemonRelease): ReadonlySet<string> {
  if (release.flags === null) return new Set();
  const has = new Set(release.flags);
  return new Set(DAEMON_OPTIONS.filter((option) => !has.has(option.name)).map((option) => option.name));
}

/** The documented flags of `part` (flags or usage) the variant takes away from the release. */
function absentNames(release: DaemonRelease, variant: AbsentOptionsVariant, part: 'flags' | 'usage'): ReadonlySet<string> {
  const lacked = lackedBy(release);
  const absent = new Set<string>();
  for (const taken of Object.values<TakenAway>(variant)) {
    const names = taken[part];
    for (const name of names === ALL ? lacked : names) if (lacked.has(name)) absent.add(name);
  }
  return absent;
}

/** The documented flags unknown to the release's parser. */
export const absentFlags = (release: DaemonRelease, variant: AbsentOptionsVariant): ReadonlySet<string> => absentNames(release, variant, 'flags');

/** The documented flags the release's usage leaves out. */
export const absentFromUsage = (release: DaemonRelease, variant: AbsentOptionsVariant): ReadonlySet<string> => absentNames(release, variant, 'usage');

/**
 * The documented file keys (directive names: flag names and plural keys) the variant takes away:
 * those of the options the release lacks, and host-gateway-ips before 28.0 (20.10.24 and 26.1.5
 * call it unknown; their --host-gateway-ip is the older single string).
 */
export function absentKeys(release: DaemonRelease, variant: AbsentOptionsVariant): ReadonlySet<string> {
  const lacked = lackedBy(release);
  const absent = new Set<string>();
  for (const { keys } of Object.values<TakenAway>(variant)) {
    if (keys === ALL) {
      // `features` is a key of every release (20.10.24 and 26.1.5 take it without --feature).
      for (const option of DAEMON_OPTIONS)
        if (lacked.has(option.name)) for (const key of [option.name, option.fileKey]) if (key !== undefined && key !== 'features') absent.add(key);
      if (isOlder(release.release, '28.0')) absent.add('host-gateway-ips');
    } else
      for (const key of keys) if ([...lacked].some((name) => name === key || DAEMON_OPTIONS.find((o) => o.name === name)?.fileKey === key)) absent.add(key);
  }
  return absent;
}
