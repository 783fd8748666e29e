import { inRange } from '../../common/dotted-version.js';
import { BRANDS, isBrand, type BrandNames } from '../../specs/brands.js';
import { DAEMON_HIDDEN_FLAGS_BY_RELEASE } from '../../specs/daemon-flags.js';
import { findRelease, NEWEST_RELEASE, type DaemonRelease } from '../../specs/versions.js';
import { SIM_BUILD } from '../engine/system/response-kit.js';
import { type KNOWN_OPTIONS, parseArgv, SIMULATOR_OPTIONS, type ParsedFlags } from './flags/argv.js';
import { flag } from './flags/options.js';
import { resolveConfig, type SimConfig } from './resolve.js';
import type { ConfigSources } from './file/sources.js';
import { exitStatusOf, SimError } from '../errors.js';
import { FaultSet } from '../faults/fault-set.js';
import { releaseOptions } from './file/directives.js';
import { commandVariant, validateIgnored } from './command-variant.js';
import { observedQuirksOf } from '../../specs/quirks/index.js';
import { absentFlags, absentFromUsage, absentOptionsVariant } from './absent-options-variant.js';

/** What a command line comes to: the daemon exits with output, or it serves this configuration. */
export type CommandOutcome =
  | { readonly kind: 'exit'; readonly code: number; readonly stdout: string; readonly stderr: string }
  | { readonly kind: 'serve'; readonly config: SimConfig };

/** A value flag read before the command line is parsed (a usage error still names the brand and release). */
function early(argv: readonly string[], name: string): string | undefined {
  const at = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return argv[at]!.startsWith(`--${name}=`) ? argv[at]!.slice(name.length + 3) : argv[at + 1];
}

export function brandOf(argv: readonly string[]): BrandNames {
  const brand = early(argv, 'brand') ?? 'ctr';
  return isBrand(brand) ? BRANDS[brand] : BRANDS.ctr;
}

/** Rule ids named by --fault, read before parsing: the faults of the parser itself (traced as --fault-trace says). */
function faultsNamed(argv: readonly string[]): ReadonlySet<string> {
  const named = new FaultSet<string>([], early(argv, 'fault-trace'));
  argv.forEach((arg, i) => {
    if (arg === '--fault' && argv[i + 1] !== undefined) named.add(argv[i + 1]!);
    else if (arg.startsWith('--fault=')) named.add(arg.slice('--fault='.length));
  });
  return named;
}

const releaseOf = (argv: readonly string[]): DaemonRelease => findRelease(early(argv, 'emulate') ?? NEWEST_RELEASE.release) ?? NEWEST_RELEASE;

/**
 * The quirks the command line carries, read before parsing (`--quirk`, and `--as-observed` with the
 * emulated release): the options a release lacks are unknown to its parser, before --version.
 */
function quirksNamed(argv: readonly string[], release: DaemonRelease): ReadonlySet<string> {
  const named = new Set<string>();
  argv.forEach((arg, i) => {
    if (arg === '--quirk' && argv[i + 1] !== undefined) named.add(argv[i + 1]!);
    else if (arg.startsWith('--quirk=')) named.add(arg.slice('--quirk='.length));
  });
  if (argv.includes('--as-observed')) for (const id of observedQuirksOf(release.release)) named.add(id);
  return named;
}

/** The quirks ctrd-sim started with `argv` carries, as it resolves them before it parses (`--quirk`, `--as-observed` with the emulated release). */
export const carriedQuirks = (argv: readonly string[]): ReadonlySet<string> => quirksNamed(argv, releaseOf(argv));

/** The usage text: every documented option and the release's others (hidden ones left out), then the simulator's own. */
export function usageText(release: DaemonRelease, names: BrandNames, quirks: ReadonlySet<string> = new Set()): string {
  const hidden = new Set(DAEMON_HIDDEN_FLAGS_BY_RELEASE[release.release] ?? []);
  // Observed quirk (observed.config.cli.help): the usage lists the release's own flags only (absent-options-variant.ts).
  const listed = releaseOptions(release, absentFromUsage(release, absentOptionsVariant({ quirks }))).filter((o) => !hidden.has(o.name));
  const line = (o: (typeof KNOWN_OPTIONS)[number]): string => {
    const flag = o.short === undefined ? `      --${o.name}` : `  -${o.short}, --${o.name}`;
    const value = o.kind === 'bool' ? '' : o.kind === 'list' ? ' list' : ` ${o.kind}`;
    return `${`${flag}${value}`.padEnd(44)}${o.effect}`;
  };
  const daemon = names.product.toLowerCase();
  return [
    '',
    `Usage:\t${daemon}d [OPTIONS]`,
    '',
    'A self-sufficient runtime for containers.',
    '',
    'Options:',
    ...listed.map(line),
    '',
    'Simulator options (ctrd-sim only):',
    ...SIMULATOR_OPTIONS.map(line),
    '',
  ].join('\n');
}

/** A usage error as the release prints it (cobra; 28.x inserts the whole usage), exit 1. */
function usageError(message: string, release: DaemonRelease, names: BrandNames): CommandOutcome {
  const daemon = `${names.product.toLowerCase()}d`;
  if (message.includes('does not take any positional arguments')) {
    const stderr = inRange(release.release, { min: '28.0' })
      ? `${usageText(release, names)}\n`
      : `"${daemon}" accepts no argument(s).\nSee '${daemon} --help'.\n\nUsage:  ${daemon} [OPTIONS]\n\nA self-sufficient runtime for containers.\n`;
    return { kind: 'exit', code: 1, stdout: '', stderr };
  }
  const usage = inRange(release.release, { min: '28.0' }) ? `\n${usageText(release, names)}\n` : '';
  return { kind: 'exit', code: 1, stdout: '', stderr: `Status: ${message}\nSee '${daemon} --help'.${usage}, Code: 125\n` };
}

/**
 * Runs a ctrd command line up to the point where the daemon would serve: usage errors, --help,
 * --version and configuration errors end with an exit code and output, as the emulated release
 * prints them (observed on 20.10.24, 26.1.5, 28.5.2: everything on stderr but --help and
 * --version; exit 1 for every failure); --validate ends with "configuration OK".
 */
export function runCommandLine(argv: readonly string[], sources: ConfigSources): CommandOutcome {
  const names = brandOf(argv);
  const release = releaseOf(argv);
  const deprecatedHelp = argv.includes('-h');
  // Read once: with --fault-trace, each set appends what it is asked about to the trace.
  const parserFaults = faultsNamed(argv);
  // Where this command differs from the document's, by the faults and quirks named on the command line (command-variant.ts).
  const namedQuirks = quirksNamed(argv, release);
  const variant = commandVariant({ faults: parserFaults, quirks: namedQuirks });
  let flags: ParsedFlags;
  try {
    flags = parseArgv(
      argv.map((arg) => (arg === '-h' ? '--help' : arg)),
      parserFaults,
      namedQuirks,
    );
    if (flags.has('default-shm-size') && variant.defaultShmSizeUnknown) throw new SimError('SIM_USAGE', 'unknown flag: --default-shm-size');
    if (flags.has('max-download-attempts') && variant.maxDownloadAttemptsUnknown) throw new SimError('SIM_USAGE', 'unknown flag: --max-download-attempts');
    // Observed quirks: a documented option the release lacks is an unknown flag (before --help and --version look).
    const absent = [...absentFlags(release, absentOptionsVariant({ quirks: namedQuirks }))].find((name) => flags.has(name));
    if (absent !== undefined) throw new SimError('SIM_USAGE', `unknown flag: --${absent}`);
  } catch (error) {
    // cobra looks at --help before it checks the arguments: `--help x` prints the help (observed, 20.10 and 28.5).
    const helpAnyway =
      error instanceof SimError && error.message.includes('does not take any positional arguments') && argv.some((arg) => arg === '--help' || arg === '-h');
    if (error instanceof SimError && !helpAnyway) return usageError(error.message, release, names);
    if (!helpAnyway) throw error;
    flags = new Map([['help', true]]);
  }
  if (flag(flags, 'help') === true) {
    const usage = variant.usageShown(usageText(release, names, namedQuirks));
    return { kind: 'exit', code: 0, stdout: `${deprecatedHelp ? 'Flag shorthand -h has been deprecated, please use --help\n' : ''}${usage}`, stderr: '' };
  }
  if (flag(flags, 'version') === true && release.flags?.includes('version') !== false && !variant.versionStartsAnyway) {
    const version = variant.versionShown(release);
    return { kind: 'exit', code: 0, stdout: `${names.product} version ${version}+${SIM_BUILD}, build ${SIM_BUILD}\n`, stderr: '' };
  }
  let config: SimConfig;
  try {
    config = resolveConfig(flags, sources);
  } catch (error) {
    if (error instanceof SimError && error.code === 'SIM_USAGE') return usageError(error.message, release, names);
    // Hypothetical quirk: --validate says which directives are unknown, and exits 0.
    const validateExit0 =
      error instanceof SimError &&
      flag(flags, 'validate') === true &&
      variant.validateUnknownExit0 &&
      error.message.includes("don't match any configuration option");
    if (error instanceof SimError) return { kind: 'exit', code: validateExit0 ? 0 : exitStatusOf(error), stdout: '', stderr: `${error.message}\n` };
    throw error;
  }
  // Of the configuration's faults and quirks: a release without --validate may parse it and start.
  const configured = commandVariant(config);
  if (config.validateOnly && !validateIgnored(config.release, configured)) {
    return { kind: 'exit', code: 0, stdout: '', stderr: configured.validateSuccessLine };
  }
  return { kind: 'serve', config };
}
