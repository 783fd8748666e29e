import { isOlder } from '../../../common/dotted-version.js';
import { DAEMON_OPTIONS } from '../../../specs/options.js';
import type { DaemonRelease } from '../../../specs/versions.js';

/**
 * Observed quirks: documented options a release does not have (20.10.24 and 26.1.5 lack some, as
 * their flag lists in specs/daemon-flags.ts show). Each quirk takes away the options of its own
 * rule; `--as-observed` carries them all, which leaves the release's own flag list.
 */
const ALL = 'every documented option the release lacks';
const BY_QUIRK: Readonly<Record<string, { readonly flags: readonly string[] | typeof ALL; readonly keys: readonly string[] | typeof ALL }>> = {
  'observed.config.cli.options': { flags: ALL, keys: [] },
  'observed.config.cli.help': { flags: [], keys: [] },
  'observed.config.file.keys': { flags: [], keys: ALL },
  'observed.config.file.plural-keys': { flags: [], keys: ALL },
  'observed.config.file.nested-shapes': { flags: [], keys: ALL },
  'observed.config.host-gateway.ips': { flags: [], keys: ALL },
  'observed.config.file.validate': { flags: ['validate'], keys: [] },
  'observed.config.cli.feature-value': { flags: ['feature'], keys: [] },
  'observed.config.features.exclusive': { flags: ['feature'], keys: [] },
  'observed.config.log-format.exclusive': { flags: ['log-format'], keys: ['log-format'] },
  'observed.config.log-format.json': { flags: ['log-format'], keys: ['log-format'] },
  'observed.config.network-opts.forms': { flags: ['default-network-opt'], keys: ['default-network-opts'] },
  'observed.config.cdi.spec-dirs': { flags: ['cdi-spec-dir'], keys: ['cdi-spec-dirs'] },
  'observed.config.env.proxy-precedence': { flags: ['http-proxy', 'https-proxy', 'no-proxy'], keys: ['http-proxy', 'https-proxy', 'no-proxy'] },
};

/** The quirk ids of this module. */
export const ABSENT_OPTION_QUIRKS: readonly string[] = Object.keys(BY_QUIRK);

/** Documented options the release's observed flag list lacks (none where no list was observed). */
function lackedBy(release: DaemonRelease): ReadonlySet<string> {
  if (release.flags === null) return new Set();
  const has = new Set(release.flags);
  return new Set(DAEMON_OPTIONS.filter((option) => !has.has(option.name)).map((option) => option.name));
}

/** The documented flags the quirks take away from the release. */
export function absentFlags(release: DaemonRelease, quirks: ReadonlySet<string>): ReadonlySet<string> {
  const lacked = lackedBy(release);
  const absent = new Set<string>();
  for (const [id, { flags }] of Object.entries(BY_QUIRK)) {
    if (!quirks.has(id)) continue;
    for (const name of flags === ALL ? lacked : flags) if (lacked.has(name)) absent.add(name);
  }
  return absent;
}

/**
 * The documented file keys (directive names: flag names and plural keys) the quirks take away:
 * those of the options the release lacks, and host-gateway-ips before 28.0 (20.10.24 and 26.1.5
 * call it unknown; their --host-gateway-ip is the older single string).
 */
export function absentKeys(release: DaemonRelease, quirks: ReadonlySet<string>): ReadonlySet<string> {
  const lacked = lackedBy(release);
  const absent = new Set<string>();
  for (const [id, { keys }] of Object.entries(BY_QUIRK)) {
    if (!quirks.has(id)) continue;
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

/** Whether the usage leaves out the documented options the release lacks (observed.config.cli.help). */
export const usageAsObserved = (quirks: ReadonlySet<string>): boolean => quirks.has('observed.config.cli.help');
