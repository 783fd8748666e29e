import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What parsing the command line (argv.ts) may do differently from the document: the words it
 * takes, skips or refuses. REFERENCE_ARGV is the document's; each fault and quirk that changes it
 * is one row of ARGV_VARIATIONS.
 */
export interface ArgvVariant {
  /** A switch's `=value` read otherwise than by Go's strconv.ParseBool (undefined: ParseBool). */
  readonly switchWord: ((raw: string) => boolean) | undefined;
  /** --debug is on whatever value it is given. */
  readonly debugValueIgnored: boolean;
  /** The value of a value option given none (undefined: a usage error). */
  readonly missingValue: string | undefined;
  /** The usage error of a value option given no value, for the flag as written. */
  readonly missingValueMessage: (flag: string) => string;
  /** How many --label values are kept; later ones are dropped. */
  readonly labelValuesKept: number;
  /** Positional arguments (and those after `--`) are passed over instead of refused. */
  readonly positionalIgnored: boolean;
  /** Unknown long options are passed over instead of refused. */
  readonly unknownOptionsIgnored: boolean;
  /** Whether this word of an unknown long option is passed over. */
  readonly unknownSkipped: (word: string) => boolean;
  /** Whether the word after a switch is taken as its value. */
  readonly switchTakesWord: (next: string | undefined) => boolean;
  /** The flags of options the release removed are kept as hidden flags, parsed and ignored (their file keys still refused). */
  readonly removedFlagsHidden: boolean;
}

/** The document's command line. */
export const REFERENCE_ARGV: ArgvVariant = Object.freeze({
  switchWord: undefined,
  debugValueIgnored: false,
  missingValue: undefined,
  missingValueMessage: (flag: string) => `flag needs an argument: ${flag}`,
  labelValuesKept: Number.POSITIVE_INFINITY,
  positionalIgnored: false,
  unknownOptionsIgnored: false,
  unknownSkipped: () => false,
  switchTakesWord: () => false,
  removedFlagsHidden: false,
});

/** Whether a word parses as a bool (Go's strconv.ParseBool). */
const isBoolWord = (word: string | undefined): word is string => word !== undefined && /^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(word);

/** Each fault and quirk of the command line's parsing, and what it sets (no two set the same field). */
export const ARGV_VARIATIONS: readonly VariationRow<ArgvVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  // A switch's `=value` is compared with the word `true`: every other word turns it off.
  ['hypothetical.config.cli.bool-forms.only-true', { switchWord: (raw) => raw === 'true' }],
  // The bare usage error, which names no flag.
  ['hypothetical.config.cli.value-required.flag-unnamed', { missingValueMessage: () => 'flag needs an argument' }],
  // An unknown long option written `--name=value` is skipped (a bare `--name` or `-x` is still refused).
  ['hypothetical.config.cli.unknown-option.valued-skipped', { unknownSkipped: (word) => word.startsWith('--') && word.includes('=') }],
  // A switch followed by a word that parses as a bool takes it as its value.
  ['hypothetical.config.cli.positional.bool-word-taken', { switchTakesWord: isBoolWord }],
  // A removed option's flag is kept as a hidden flag that is parsed and ignored (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.options.removed-refused.flag-hidden', { removedFlagsHidden: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.cli.bool-forms', { debugValueIgnored: true }],
  ['config.cli.value-required', { missingValue: '' }],
  ['config.cli.repeatable', { labelValuesKept: 2 }],
  ['config.cli.positional', { positionalIgnored: true }],
  ['config.cli.unknown-option', { unknownOptionsIgnored: true }],
];

/** The command line's parsing with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const argvVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): ArgvVariant =>
  resolveVariant(REFERENCE_ARGV, ARGV_VARIATIONS, config);
