import { DAEMON_OPTIONS, UNLISTED_OPTIONS, type DaemonOption, type OptionKind } from '../../../specs/options.js';
import { SimError } from '../../errors.js';
import { argvVariant } from './argv-variant.js';

/** Options only the simulator has. */
const simOption = (name: string, kind: OptionKind, effect: string): DaemonOption => ({
  name,
  kind,
  form: 'plain',
  default: null,
  repeatable: kind === 'list',
  platforms: ['linux'],
  reloadable: false,
  effect,
});

const SIM_OPTIONS: readonly DaemonOption[] = [
  simOption('emulate', 'string', 'Release to emulate.'),
  simOption('brand', 'string', 'Names to use: ctr (as documented) or docker.'),
  // Deliberately broken behaviour for the self-test: one rule id per --fault, or a file of them.
  simOption('fault', 'list', 'Break the behaviour of this rule (self-test).'),
  simOption('faults-file', 'string', 'A file of rule ids to break, one per line.'),
  simOption('fault-trace', 'string', 'Append each fault the code asks about to this file, once (self-test).'),
  // Misbehaviour on purpose for client authors (simulator/client-faults/): not the self-test's --fault.
  simOption('client-faults', 'string', 'Inject faults for client authors from this JSON or YAML file (specs/client-faults.schema.json).'),
  simOption('client-faults-seed', 'int', "The seed of the client faults' choices (else the file's seed, else a random one, logged)."),
  // What releases do where they depart from the document (specs/quirks): one quirk id per --quirk.
  simOption('quirk', 'list', 'Carry this quirk (specs/quirks: observed.<rule> or hypothetical.<rule>.<name>).'),
  simOption('as-observed', 'bool', 'Carry every observed quirk of the emulated release (its known deviations).'),
  // dockerd waits 1+2+4+8 s for a missing plugin; tests that only check the sequence shorten it.
  // The model runner's host-side TCP access, off by default as the document has it (the enable command's --tcp).
  simOption('model-runner', 'bool', 'Serve the model runner on TCP 127.0.0.1:12434 too (the daemon socket serves it under /exp/vENG4.40 always).'),
  simOption('model-runner-tcp', 'int', 'Serve the model runner on TCP 127.0.0.1:<port> (0: a free port).'),
  simOption(
    'model-registry',
    'string',
    "The model runner's registry: catalogue (the models of specs/model-registry.ts; any other create is 404; the default) or any (every well-formed reference).",
  ),
  simOption(
    'plugin-dir',
    'string',
    'Look for plugins (authorization) here instead of /run/<brand>/plugins, /etc/<brand>/plugins and /usr/lib/<brand>/plugins.',
  ),
  simOption('plugin-retry-ms', 'int', 'First wait of the plugin lookup retries, doubled each time (default 1000, as dockerd).'),
  simOption('plugin-timeout-ms', 'int', "Deadline of a plugin's whole answer to one call (default 30000); then the request is refused."),
  simOption(
    'reload-store-delay-ms',
    'int',
    'Serve a reloaded configuration this long after its "Reloaded configuration" line (default 0), as dockerd 26.1 may under load: it logs the line just before it stores the configuration.',
  ),
];

export type FlagValue = boolean | string | number | readonly string[];

/** Flags as given on the command line: only those that were set, by long name. */
export type ParsedFlags = ReadonlyMap<string, FlagValue>;

const byLong = new Map<string, DaemonOption>();
const byShort = new Map<string, DaemonOption>();
for (const option of [...DAEMON_OPTIONS, ...UNLISTED_OPTIONS, ...SIM_OPTIONS]) {
  byLong.set(option.name, option);
  if (option.short !== undefined) byShort.set(option.short, option);
}

function parseBool(option: DaemonOption, raw: string): boolean {
  // Go's strconv.ParseBool: exactly these spellings.
  if (/^(1|t|T|TRUE|true|True)$/.test(raw)) return true;
  if (/^(0|f|F|FALSE|false|False)$/.test(raw)) return false;
  throw new SimError('SIM_USAGE', `invalid argument "${raw}" for "--${option.name}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`);
}

function parseInt64(option: DaemonOption, raw: string): number {
  if (!/^[+-]?[0-9]+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new SimError('SIM_USAGE', `invalid argument "${raw}" for "--${option.name}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`);
  }
  return Number(raw);
}

/**
 * Parses ctrd's command line with the daemon's flag conventions: `--name=value` or `--name value`,
 * booleans only as `--name` or `--name=bool`, short flags `-D`, `-H value`, `-Hvalue`, repeatable
 * list flags. No positional arguments.
 */
export function parseArgv(argv: readonly string[], faults: ReadonlySet<string> = NO_FAULTS, quirks: ReadonlySet<string> = NO_FAULTS): ParsedFlags {
  // Where this parsing differs from the document's (argv-variant.ts).
  const variant = argvVariant({ faults, quirks });
  const flags = new Map<string, FlagValue>();
  const set = (option: DaemonOption, raw: string | undefined, flag: string): void => {
    if (option.kind === 'bool') {
      if (raw !== undefined && variant.switchWord !== undefined) return void flags.set(option.name, variant.switchWord(raw));
      flags.set(option.name, raw === undefined || (option.name === 'debug' && variant.debugValueIgnored) ? true : parseBool(option, raw));
      return;
    }
    if (raw === undefined) raw = variant.missingValue;
    if (raw === undefined) throw new SimError('SIM_USAGE', variant.missingValueMessage(flag));
    if (option.kind === 'int') flags.set(option.name, parseInt64(option, raw));
    else if (
      option.kind === 'list' &&
      option.name === 'label' &&
      ((flags.get(option.name) as readonly string[] | undefined)?.length ?? 0) >= variant.labelValuesKept
    )
      return;
    else if (option.kind === 'list') flags.set(option.name, [...((flags.get(option.name) as readonly string[] | undefined) ?? []), raw]);
    else flags.set(option.name, raw);
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      if (i + 1 < argv.length && !variant.positionalIgnored)
        throw new SimError('SIM_USAGE', `ctrd does not take any positional arguments, got ${JSON.stringify(argv[i + 1])}`);
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const option = byLong.get(name);
      if (option === undefined && variant.unknownOptionsIgnored) continue;
      if (option === undefined && variant.unknownSkipped(arg)) continue;
      if (option === undefined) throw new SimError('SIM_USAGE', `unknown flag: --${name}`);
      let raw = eq < 0 ? undefined : arg.slice(eq + 1);
      if (raw === undefined && option.kind !== 'bool') raw = argv[++i];
      else if (raw === undefined && variant.switchTakesWord(argv[i + 1])) raw = argv[++i];
      set(option, raw, `--${name}`);
    } else if (arg.startsWith('-') && arg.length > 1) {
      // A cluster of short flags: every one but the last must be boolean.
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!;
        const option = byShort.get(letter);
        if (option === undefined) throw new SimError('SIM_USAGE', `unknown shorthand flag: '${letter}' in ${arg}`);
        if (option.kind === 'bool') {
          if (arg[j + 1] === '=') {
            set(option, arg.slice(j + 2), `-${letter}`);
            break;
          }
          set(option, undefined, `-${letter}`);
          continue;
        }
        let raw: string | undefined = arg.slice(j + 1);
        if (raw.startsWith('=')) raw = raw.slice(1);
        if (raw === '') raw = argv[++i];
        set(option, raw, `-${letter}`);
        break;
      }
    } else if (!variant.positionalIgnored) {
      throw new SimError('SIM_USAGE', `ctrd does not take any positional arguments, got ${JSON.stringify(arg)}`);
    }
  }
  return flags;
}

const NO_FAULTS: ReadonlySet<string> = new Set();

/** Whether an option is the simulator's own (not a daemon flag). */
export const isSimOption = (name: string): boolean => SIM_OPTIONS.some((option) => option.name === name);

/** Long names of every option, for --help. */
export const KNOWN_OPTIONS: readonly DaemonOption[] = [...DAEMON_OPTIONS, ...UNLISTED_OPTIONS, ...SIM_OPTIONS];

/** The simulator's own options, for --help. */
export const SIMULATOR_OPTIONS: readonly DaemonOption[] = SIM_OPTIONS;
