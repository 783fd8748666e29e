import { inRange } from '../../common/dotted-version.js';
import { NEWEST_RELEASE, type DaemonRelease } from '../../specs/versions.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/**
 * What running a command line up to the point where the daemon would serve (command.ts) may do
 * differently from the document: flags it does not know, what --help and --version print, and how
 * --validate ends. REFERENCE_COMMAND is the document's; each fault and quirk that changes it is one
 * row of COMMAND_VARIATIONS.
 *
 * runCommandLine resolves it twice: of the faults and quirks named on the command line, read before
 * it is parsed, for everything up to the configuration (as the parser's own, argv-variant.ts); and
 * of the resolved configuration's faults (which --faults-file adds to) for --validate's success line.
 */
export interface CommandVariant {
  /** --default-shm-size is an unknown flag. */
  readonly defaultShmSizeUnknown: boolean;
  /** --max-download-attempts is an unknown flag. */
  readonly maxDownloadAttemptsUnknown: boolean;
  /** What --help prints of the usage text. */
  readonly usageShown: (usage: string) => string;
  /** The version --version prints for the emulated release. */
  readonly versionShown: (release: DaemonRelease) => string;
  /** --version and -v do not end the command: the daemon starts (the version only in its start-up log). */
  readonly versionStartsAnyway: boolean;
  /** The newest release (inRange's max) that parses --validate as a hidden flag that does nothing, the daemon starting (null: none). */
  readonly hiddenValidateThrough: string | null;
  /** --validate of a file with unknown directives lists them but exits 0 (of the command line's quirks). */
  readonly validateUnknownExit0: boolean;
  /** What --validate prints on stderr for a valid configuration (of the configuration's faults). */
  readonly validateSuccessLine: string;
}

/** The document's command. */
export const REFERENCE_COMMAND: CommandVariant = Object.freeze({
  defaultShmSizeUnknown: false,
  maxDownloadAttemptsUnknown: false,
  usageShown: (usage: string) => usage,
  versionShown: (release: DaemonRelease) => release.version,
  versionStartsAnyway: false,
  hiddenValidateThrough: null,
  validateUnknownExit0: false,
  validateSuccessLine: 'configuration OK\n',
});

/**
 * Each fault and quirk of the command, and what it sets; the later row wins (of the success line,
 * config.file.validate-absent's none over config.file.validate's words: the order the old branches
 * asked them in).
 */
export const COMMAND_VARIATIONS: readonly VariationRow<CommandVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  ['hypothetical.config.file.validate.unknown-exit-0', { validateUnknownExit0: true }],
  // The version check lost its return when the start-up code was reorganised.
  ['hypothetical.config.cli.version.starts-anyway', { versionStartsAnyway: true }],
  // A release before --validate (20.10) carries it as a hidden flag of a partial backport.
  ['hypothetical.config.file.validate-absent.hidden-noop', { hiddenValidateThrough: '22.99' }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.cli.options', { defaultShmSizeUnknown: true }],
  ['config.cli.options.release', { maxDownloadAttemptsUnknown: true }],
  // --debug left out.
  [
    'config.cli.help',
    {
      usageShown: (usage) =>
        usage
          .split('\n')
          .filter((l) => !l.includes('--debug'))
          .join('\n'),
    },
  ],
  // The newest release's version, whatever is emulated.
  ['config.cli.version', { versionShown: () => NEWEST_RELEASE.version }],
  ['config.file.validate', { validateSuccessLine: 'configuration valid\n' }],
  ['config.file.validate-absent', { validateSuccessLine: '' }],
];

/** The command with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const commandVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): CommandVariant =>
  resolveVariant(REFERENCE_COMMAND, COMMAND_VARIATIONS, config);

/** Whether the release takes --validate as a hidden flag that does nothing. */
export const validateIgnored = (release: DaemonRelease, variant: CommandVariant): boolean =>
  variant.hiddenValidateThrough !== null && inRange(release.release, { max: variant.hiddenValidateThrough });
