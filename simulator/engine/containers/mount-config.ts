import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { Refusal } from '../json-request.js';
import { apiBelow, releaseBelow, sortedMap } from '../replies.js';
import { isJsonObject } from '../go-fields.js';
import { ANONYMOUS_LABEL } from '../volumes/filters.js';
import { MOUNTS_ANONYMOUS_LABELLED_FROM } from './mount-points.js';
import { hostPathExists } from './data-root-paths.js';
import { READ_ONLY_RECURSION_FROM } from './read-only-recursion.js';

/**
 * HostConfig.Mounts as a create's router and moby's ValidateMountConfig (linuxParser) read them,
 * before the daemon registers the mount points (mount-points.ts). Observed on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2 (2026-12-07; test/sim-container-mount-config.test.ts):
 * - the router, by API version: below 1.40 a bind's NonRecursive is dropped; below 1.42
 *   CreateMountpoint is off (another type's VolumeOptions and TmpfsOptions stay: moby clears them
 *   on a copy); from 1.42 another type's options are refused ("VolumeOptions must not be specified
 *   on mount type …"); below 1.45 a Subpath is refused; below 1.48 (from 28.0) an image mount;
 * - then each mount in order: from 29.0 another type's options first, the target (given, not
 *   "/", absolute), then by type (from 28.0 an image's options refused on the others): a bind's source
 *   (given, a known propagation, absolute, existing on the host unless CreateMountpoint), a
 *   volume's Subpath (not for an anonymous volume, local) and, before 29.0, no ReadOnly anonymous
 *   volume; a tmpfs without a source; before 29.0 no VolumeOptions on a bind, no BindOptions on a
 *   volume or a tmpfs; a tmpfs' Options (27.0 on: `exec` or `noexec`, a value beside); an image mount's source and a local Subpath (28.0 on; before 29.0 no BindOptions or
 *   VolumeOptions on it); any other type
 *   "mount type unknown"; worded "invalid mount config for type "…": …".
 * The options this reading takes are listed below; any other is not modelled (501).
 */

/** The fields of a Mounts entry, and of each of its options, this reading takes. */
const TAKEN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '': ['Type', 'Source', 'Target', 'ReadOnly', 'Consistency', 'BindOptions', 'VolumeOptions', 'TmpfsOptions', 'ImageOptions'],
  BindOptions: ['Propagation', 'NonRecursive', 'CreateMountpoint', 'ReadOnlyNonRecursive', 'ReadOnlyForceRecursive'],
  VolumeOptions: ['Subpath', 'NoCopy', 'Labels', 'DriverConfig'],
  TmpfsOptions: ['SizeBytes', 'Mode', 'Options'],
  ImageOptions: ['Subpath'],
};

/** The options field each mount type takes; another type's is refused or dropped. */
const OPTIONS_OF: readonly (readonly [string, string])[] = [
  ['VolumeOptions', 'volume'],
  ['BindOptions', 'bind'],
  ['TmpfsOptions', 'tmpfs'],
];

const PROPAGATIONS = new Set(['private', 'rprivate', 'slave', 'rslave', 'shared', 'rshared']);

/** From it a tmpfs mount takes Options, of which the parser knows `exec` and `noexec` (API 1.46, moby v27.0.0). */
const TMPFS_FLAG_OPTIONS_FROM = '27.0';
const TMPFS_FLAG_OPTIONS = new Set(['exec', 'noexec']);

/** From it the router knows image mounts (API 1.48, moby v28.0.0). */
const IMAGE_MOUNTS_FROM = '28.0';
/** From it an anonymous volume may be read-only (observed on 29.7.2; 28.5.2 refuses it). */
const READ_ONLY_ANONYMOUS_FROM = '29.0';
/** From it the router checks the options against the type, and a bind may CreateMountpoint (API 1.42, moby v23.0.0). */
const ROUTER_CHECKS_OPTIONS_FROM = '23.0';
/** From it the parser refuses another type's options first, and no longer in each type's own checks (moby v29.0.0). */
const EXCLUSIVE_OPTIONS_FROM = '29.0';
/** From it a read-only bind is non-recursive for clients below API 1.44 (moby v26.0.0). */
const READ_ONLY_NON_RECURSIVE_FROM = '26.0';
/** From it a volume mount takes a Subpath (API 1.45, moby v26.0.0); before, the decoder drops it. */
const SUBPATH_FROM = '26.0';

type Entry = Record<string, unknown>;

const isGiven = (value: unknown): boolean => value !== undefined && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const invalid = (message: string): Refusal => ({ status: 400, message });

/** What of the entry this reading does not take, or null. */
function unmodelledPart(mount: unknown): string | null {
  if (!isJsonObject(mount)) return 'a mount that is no object';
  for (const [field, value] of Object.entries(mount)) {
    if (!TAKEN_FIELDS['']!.includes(field)) return `a mount's ${field}`;
    const inner = TAKEN_FIELDS[field];
    if (inner === undefined || !isGiven(value)) continue;
    if (!isJsonObject(value)) return `a mount's ${field} that is no object`;
    const other = Object.keys(value).find((key) => !inner.includes(key));
    if (other !== undefined) return `a mount's ${field}.${other}`;
  }
  if (['Type', 'Source', 'Target', 'Consistency'].some((field) => isGiven(mount[field]) && typeof mount[field] !== 'string'))
    return 'a mount field of another type';
  const tmpfs = isJsonObject(mount['TmpfsOptions']) ? mount['TmpfsOptions'] : {};
  const options = tmpfs['Options'];
  if (isGiven(options) && !(Array.isArray(options) && options.every((option) => Array.isArray(option) && option.every((part) => typeof part === 'string'))))
    return "a mount's TmpfsOptions.Options that are no lists of strings";
  const image = isJsonObject(mount['ImageOptions']) ? mount['ImageOptions'] : {};
  if (isGiven(image['Subpath']) && typeof image['Subpath'] !== 'string') return "a mount's ImageOptions.Subpath";
  const volume = isJsonObject(mount['VolumeOptions']) ? mount['VolumeOptions'] : {};
  const driver = volume['DriverConfig'];
  if (isGiven(driver) && !(isJsonObject(driver) && Object.keys(driver).every((key) => key === 'Name' || key === 'Options')))
    return "a mount's VolumeOptions.DriverConfig";
  const maps = [volume['Labels'], isJsonObject(driver) ? driver['Options'] : undefined];
  if (maps.some((map) => isGiven(map) && !(isJsonObject(map) && Object.values(map).every((value) => typeof value === 'string'))))
    return "a mount's labels or driver options";
  if (isGiven(volume['NoCopy']) && typeof volume['NoCopy'] !== 'boolean') return "a mount's NoCopy";
  return null;
}

/** The first entry of `mounts` this reading does not take, or null. */
export function unmodelledMount(mounts: unknown): string | null {
  if (!Array.isArray(mounts)) return null;
  for (const mount of mounts) {
    const part = unmodelledPart(mount);
    if (part !== null) return `${part} (${JSON.stringify(mount)})`;
  }
  return null;
}

/** The router's reading of the mounts at the request's API version: the mounts it passes on, or its refusal. */
export function routedMounts(x: Exchange, mounts: readonly Entry[]): { readonly mounts: Entry[] } | Refusal {
  const routed = mounts.map((mount) => ({ ...mount }));
  for (const mount of routed) {
    const volume = isJsonObject(mount['VolumeOptions']) ? { ...mount['VolumeOptions'] } : null;
    if (volume !== null && releaseBelow(x, SUBPATH_FROM)) delete volume['Subpath'];
    if (volume !== null) mount['VolumeOptions'] = volume;
    // Before 28.0 the Mount type has no ImageOptions, before 27.0 TmpfsOptions no Options: the decoder drops them.
    if (releaseBelow(x, IMAGE_MOUNTS_FROM)) delete mount['ImageOptions'];
    const tmpfs = isJsonObject(mount['TmpfsOptions']) ? { ...mount['TmpfsOptions'] } : null;
    if (tmpfs !== null && releaseBelow(x, TMPFS_FLAG_OPTIONS_FROM)) {
      delete tmpfs['Options'];
      mount['TmpfsOptions'] = tmpfs;
    }
    const bind = isJsonObject(mount['BindOptions']) ? { ...mount['BindOptions'] } : null;
    if (bind !== null && apiBelow(x, '1.40')) delete bind['NonRecursive'];
    if (bind !== null && (apiBelow(x, '1.42') || releaseBelow(x, ROUTER_CHECKS_OPTIONS_FROM))) delete bind['CreateMountpoint'];
    // Before 25.0 the Mount type has no read-only recursion; 25.x drops ReadOnlyNonRecursive below API 1.44.
    if (bind !== null && releaseBelow(x, READ_ONLY_RECURSION_FROM)) {
      delete bind['ReadOnlyNonRecursive'];
      delete bind['ReadOnlyForceRecursive'];
    }
    if (bind !== null && apiBelow(x, '1.44') && releaseBelow(x, READ_ONLY_NON_RECURSIVE_FROM)) delete bind['ReadOnlyNonRecursive'];
    // From 26.0, below API 1.44, a read-only bind is non-recursive: registerMountPoints marks it
    // through the pointer it shares with the create's own entry, so only a given BindOptions keeps the mark.
    if (bind !== null && mount['Type'] === 'bind' && mount['ReadOnly'] === true && apiBelow(x, '1.44') && !releaseBelow(x, READ_ONLY_NON_RECURSIVE_FROM))
      bind['ReadOnlyNonRecursive'] = true;
    if (bind !== null) mount['BindOptions'] = bind;
    // From 27.4 the volume service labels an anonymous volume in the very map the create gave: its HostConfig keeps the label.
    const labels = volume === null ? null : volume['Labels'];
    if (mount['Type'] === 'volume' && text(mount['Source']) === '' && isJsonObject(labels) && !releaseBelow(x, MOUNTS_ANONYMOUS_LABELLED_FROM))
      mount['VolumeOptions'] = { ...volume, Labels: sortedMap({ ...labels, [ANONYMOUS_LABEL]: '' }) };
  }
  if (!releaseBelow(x, ROUTER_CHECKS_OPTIONS_FROM)) {
    // Below 1.42 moby means to drop another type's VolumeOptions and TmpfsOptions, but sets them on a copy of the entry: they stay.
    if (!apiBelow(x, '1.42'))
      for (const mount of routed)
        for (const [field, type] of OPTIONS_OF)
          if (isGiven(mount[field]) && mount['Type'] !== type) return invalid(`${field} must not be specified on mount type "${text(mount['Type'])}"`);
    // Below API 1.44 a bind that must be recursively read-only is refused rather than made otherwise (25.x: any mount's BindOptions).
    const forced = (mount: Entry): boolean =>
      (mount['Type'] === 'bind' || releaseBelow(x, READ_ONLY_NON_RECURSIVE_FROM)) &&
      isJsonObject(mount['BindOptions']) &&
      mount['BindOptions']['ReadOnlyForceRecursive'] === true;
    if (apiBelow(x, '1.44') && routed.some(forced)) return invalid('BindOptions.ReadOnlyForceRecursive needs API v1.44 or newer');
    if (apiBelow(x, '1.45') && routed.some((mount) => text((mount['VolumeOptions'] as Entry | undefined)?.['Subpath']) !== ''))
      return invalid('VolumeOptions.Subpath needs API v1.45 or newer');
    if (!releaseBelow(x, IMAGE_MOUNTS_FROM) && apiBelow(x, '1.48') && routed.some((mount) => mount['Type'] === 'image'))
      return invalid('Mount type "Image" needs API v1.48 or newer');
  }
  return { mounts: routed };
}

/** Go's path.IsAbs after `\` is read as `/`. */
const absolute = (path: string): boolean => path.replaceAll('\\', '/').startsWith('/');
const notAbsolute = (path: string): string => `invalid mount path: '${path.replaceAll('\\', '/')}' mount path must be absolute`;

/** An entry's reading that rests on what is not modelled (a path deep in the data root). */
const UNMODELLED = Symbol('unmodelled');

/** moby's validateMountConfigImpl for one entry: its problem, or null. */
function entryProblem(x: Exchange, mount: Entry): string | typeof UNMODELLED | null {
  const type = text(mount['Type']);
  const source = text(mount['Source']);
  const target = text(mount['Target']);
  const extra = (field: string): string => `field ${field} must not be specified`;
  const optionOf = (field: string): Entry | null => (isJsonObject(mount[field]) ? (mount[field] as Entry) : null);
  // From 29.0 another type's options are refused before anything else (moby validateExclusiveOptions).
  const exclusiveFirst = !releaseBelow(x, EXCLUSIVE_OPTIONS_FROM);
  if (exclusiveFirst) {
    const owner = new Map([...OPTIONS_OF, ['ImageOptions', 'image'] as const]);
    const other = ['BindOptions', 'VolumeOptions', 'ImageOptions', 'TmpfsOptions'].find((field) => isGiven(mount[field]) && owner.get(field) !== type);
    if (other !== undefined) return extra(other);
  }
  if (target === '') return 'field Target must not be empty';
  if (posix.normalize(target.replaceAll('\\', '/')).replace(/\/+$/, '') === '') return "invalid specification: destination can't be '/'";
  if (!absolute(target)) return notAbsolute(target);
  switch (type) {
    case 'bind': {
      if (source === '') return 'field Source must not be empty';
      const propagation = text(optionOf('BindOptions')?.['Propagation']);
      if (propagation !== '' && !PROPAGATIONS.has(propagation)) return `invalid propagation mode: ${propagation}`;
      if (!exclusiveFirst && isGiven(mount['VolumeOptions'])) return extra('VolumeOptions');
      if (!exclusiveFirst && isGiven(mount['ImageOptions'])) return extra('ImageOptions');
      if (!absolute(source)) return notAbsolute(source);
      const exists = hostPathExists(x, source);
      if (exists === null) return UNMODELLED;
      if (!exists && optionOf('BindOptions')?.['CreateMountpoint'] !== true) return `bind source path does not exist: ${source}`;
      return null;
    }
    case 'volume': {
      if (!exclusiveFirst && isGiven(mount['BindOptions'])) return extra('BindOptions');
      if (!exclusiveFirst && isGiven(mount['ImageOptions'])) return extra('ImageOptions');
      const subpath = text(optionOf('VolumeOptions')?.['Subpath']);
      if (subpath !== '' && source === '') return 'must not set Subpath when using anonymous volumes';
      if (subpath !== '' && !isLocal(subpath)) return 'subpath must be a relative path within the volume';
      if (mount['ReadOnly'] === true && source === '' && releaseBelow(x, READ_ONLY_ANONYMOUS_FROM))
        return 'must not set ReadOnly mode when using anonymous volumes';
      return null;
    }
    case 'tmpfs':
      if (!exclusiveFirst && isGiven(mount['BindOptions'])) return extra('BindOptions');
      if (!exclusiveFirst && isGiven(mount['ImageOptions'])) return extra('ImageOptions');
      if (source !== '') return extra('Source');
      // ConvertTmpfsOptions: each option a name (and a value) the parser knows.
      for (const option of (optionOf('TmpfsOptions')?.['Options'] as string[][] | null | undefined) ?? []) {
        if (option.length < 1 || option.length > 2) return 'invalid option array length';
        if (!TMPFS_FLAG_OPTIONS.has(option[0]!)) return `invalid option: ${option[0]}`;
      }
      return null;
    case 'image': {
      if (releaseBelow(x, IMAGE_MOUNTS_FROM)) return 'mount type unknown';
      if (!exclusiveFirst && isGiven(mount['BindOptions'])) return extra('BindOptions');
      if (!exclusiveFirst && isGiven(mount['VolumeOptions'])) return extra('VolumeOptions');
      if (source === '') return 'field Source must not be empty';
      const subpath = text(optionOf('ImageOptions')?.['Subpath']);
      return subpath !== '' && !isLocal(subpath) ? 'subpath must be a relative path within the volume' : null;
    }
    default:
      return 'mount type unknown';
  }
}

/** Go's filepath.IsLocal on Linux: relative, not empty, not above its directory. */
function isLocal(path: string): boolean {
  if (path === '' || path.startsWith('/')) return false;
  const clean = posix.normalize(path);
  return clean !== '..' && !clean.startsWith('../');
}

/**
 * The first entry's problem as moby's ValidateMountConfig words it, or null; an entry of a type
 * left to the caller ends the reading; one whose reading rests on what is not modelled is said.
 */
export function mountConfigProblem(x: Exchange, mounts: readonly Entry[]): Refusal | { readonly unmodelled: string } | null {
  for (const mount of mounts) {
    const problem = entryProblem(x, mount);
    if (problem === UNMODELLED) return { unmodelled: `a bind of ${JSON.stringify(mount['Source'])} in the data root` };
    if (problem !== null) return invalid(`invalid mount config for type "${text(mount['Type'])}": ${problem}`);
  }
  return null;
}
