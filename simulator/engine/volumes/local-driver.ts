import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { goQuote } from '../go-strconv.js';
import { ramInBytes } from '../go-units.js';
import { goUrlPort } from '../go-url.js';
import { REGEX_SIZES_UNTIL } from '../go-units.js';
import { releaseBelow } from '../replies.js';
import type { Refusal } from '../json-request.js';

/** moby's RestrictedNamePattern, which a local volume's name must match (it names a directory). */
export const VOLUME_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

/** The directory of a local volume in the daemon's data root. */
export const volumeDirectory = (x: Exchange, name: string): string => posix.join(x.state.config.dataRoot, 'volumes', name);

/** Where a local volume's data lives: what a volume's Mountpoint and a mount's Source name. */
export const volumeDataPath = (x: Exchange, name: string): string => posix.join(volumeDirectory(x, name), '_data');

/** The longest directory name Linux takes (NAME_MAX, in bytes). */
const NAME_MAX = 255;

/** The options the local driver takes (moby volume/local validOpts), and the ones each needs beside it. */
const VALID_OPTIONS = ['type', 'o', 'device', 'size'];
const REQUIRED_WITH: readonly (readonly [string, readonly string[]])[] = [
  ['device', ['type']],
  ['type', ['device']],
  ['o', ['device', 'type']],
];

const invalid = (message: string): Refusal => ({ status: 400, message });

/** The local driver's name check (validateName): its words, or null. Go counts bytes. */
export function volumeNameProblem(name: string): Refusal | null {
  if (Buffer.byteLength(name, 'utf8') === 1) return invalid('volume name is too short, names should be at least two alphanumeric characters');
  if (!VOLUME_NAME.test(name))
    return invalid(
      `${goQuote(name)} includes invalid characters for a local volume name, only "[a-zA-Z0-9][a-zA-Z0-9_.-]" are allowed. If you intended to pass a host directory, use absolute path`,
    );
  return null;
}

/** The first option that needs another which is missing (the result does not depend on Go's map order). */
function missingRequired(options: Readonly<Record<string, string>>): Refusal | null {
  for (const [option, needs] of REQUIRED_WITH) {
    if (!Object.hasOwn(options, option)) continue;
    const missing = needs.find((need) => !Object.hasOwn(options, need));
    if (missing !== undefined) return invalid(`missing required option: ${goQuote(missing)}`);
  }
  return null;
}

/** How a release's local driver differs: 20.10's order and statuses (`old`), and the go-units parser its build has (`regexSizes`: 0.4's). */
export interface LocalDriverRelease {
  readonly old: boolean;
  readonly regexSizes: boolean;
}

/** `size` as the release reads it: its parse error (500 on 20.10, which passes it on unwrapped), or the missing quota support (no data root here has one). */
function sizeProblem(size: string, release: LocalDriverRelease): Refusal | null {
  const parsed = ramInBytes(size, release.regexSizes);
  if ('error' in parsed) return { status: release.old ? 500 : 400, message: parsed.error };
  return parsed.value > 0n ? invalid('quota size requested but no quota support') : null;
}

/** A CIFS device (from 23.0): a URL Go parses, without a port. */
function cifsProblem(options: Readonly<Record<string, string>>): Refusal | null {
  const device = options['device'] ?? '';
  if (options['type'] !== 'cifs' || device === '') return null;
  const parsed = goUrlPort(device);
  if ('error' in parsed) return invalid(`error parsing mount device url: ${parsed.error}`);
  return parsed.port === '' ? null : invalid("port not allowed in CIFS device URL, include 'port' in 'o='");
}

/**
 * The local driver's checks of a new volume, in the release's order (moby volume/local Create):
 * 20.10 the name, the directory (a name past NAME_MAX), then the options as it sets them (keys,
 * the options each needs, the size); later releases the name, the options (keys, a CIFS device,
 * the size, the options each needs), then the directory. `root`: where the volume's directory
 * would be made.
 */
export function localCreateProblem(name: string, options: Readonly<Record<string, string>> | null, root: string, release: LocalDriverRelease): Refusal | null {
  const { old } = release;
  const set = options ?? {};
  const size = Object.hasOwn(set, 'size') ? set['size']! : null;
  const unknown = Object.keys(set).find((key) => !VALID_OPTIONS.includes(key));
  const keysProblem = (): Refusal | null => (unknown === undefined ? null : invalid(`invalid option: ${goQuote(unknown)}`));
  const directoryProblem = (): Refusal | null =>
    Buffer.byteLength(name, 'utf8') > NAME_MAX
      ? { status: 500, message: `error while creating volume root path '${root}': mkdir ${root}: file name too long` }
      : null;
  // 20.10 makes the directory before it reads the options (setOpts), the size last.
  if (old) return volumeNameProblem(name) ?? directoryProblem() ?? keysProblem() ?? missingRequired(set) ?? (size === null ? null : sizeProblem(size, release));
  return (
    volumeNameProblem(name) ??
    keysProblem() ??
    cifsProblem(set) ??
    (size === null ? null : sizeProblem(size, release)) ??
    missingRequired(set) ??
    directoryProblem()
  );
}

/** The release's local driver as the exchange's daemon has it. */
export const localDriverOf = (x: Exchange): LocalDriverRelease => ({ old: releaseBelow(x, '23.0'), regexSizes: releaseBelow(x, REGEX_SIZES_UNTIL) });

/**
 * The volume service's checks of a volume to make (moby VolumesService.Create): its driver looked
 * up (404 for another than local, which has no plugin here), then the local driver's
 * (localCreateProblem). A refusal's message is the bare problem; the caller words the operation.
 */
export function newVolumeProblem(x: Exchange, name: string, driver: string, options: Readonly<Record<string, string>> | null): Refusal | null {
  if (driver !== '' && driver !== 'local') return { status: 404, message: `error looking up volume plugin ${driver}: plugin ${goQuote(driver)} not found` };
  return localCreateProblem(name, options, volumeDirectory(x, name), localDriverOf(x));
}
