import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { pruneInfoProblem } from '../../engine/build/prune-info.js';
import { ramInBytes, REGEX_SIZES_UNTIL } from '../../engine/go-units.js';
import { gcFilterArgs } from './gc-filter.js';

/**
 * The builder's garbage-collection policy as the daemon reads it when it starts BuildKit, after
 * the daemon itself is up (moby builder-next getGCPolicy): a size that does not parse, or a rule's
 * filter that toBuildkitPruneInfo refuses, ends the start. Observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2, each in its own words (test/sim-config-gc-filter.test.ts).
 */

/** From it the collection is on unless `enabled` is false, and a rule's sizes are reservedSpace, maxUsedSpace and minFreeSpace (keepStorage the first's old name). */
const SPACES_FROM = '28.0';

/** From it a daemon on containerd's image store builds with a controller that passes the policy's error on unwrapped. */
const SNAPSHOTTER_BUILDER_FROM = '24.0';

/** From it the start wraps BuildKit's failure twice. */
const INIT_WRAPPED_FROM = '28.0';

/** Go's encoding/json reads a struct field from the object's key of any case, the last such key winning; a null leaves the field as it was. */
function goField(object: unknown, name: string): unknown {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return undefined;
  let found: unknown;
  for (const [key, value] of Object.entries(object)) if (value !== null && key.toLowerCase() === name.toLowerCase()) found = value;
  return found;
}

const stringField = (object: unknown, name: string): string => {
  const value = goField(object, name);
  return typeof value === 'string' ? value : '';
};

/** go-units RAMInBytes of a size, in the release's words. */
const sizeError = (text: string, release: DaemonRelease): string | null => {
  const parsed = ramInBytes(text, isOlder(release.release, REGEX_SIZES_UNTIL));
  return 'error' in parsed ? parsed.error : null;
};

/** 28.0's parseGCPolicy: each size given, in order; the default's names are "default" and the name in upper case. */
function spacesProblem(sizes: Readonly<Record<string, string>>, prefix: string, release: DaemonRelease): string | null {
  for (const [name, text] of Object.entries(sizes)) {
    if (text === '') continue;
    const error = sizeError(text, release);
    if (error !== null) return `failed to parse ${prefix === '' ? name : prefix + name.toUpperCase()}: ${error}`;
  }
  return null;
}

/** A size given under its name, or under its former name when not. */
const spaceOf = (object: unknown, name: string, formerName: string): string => stringField(object, name) || stringField(object, formerName);

/** getGCPolicy from 28.0: on unless disabled; the default sizes only where no rules are given. */
function policyFrom28(gc: unknown, release: DaemonRelease): string | null {
  if (goField(gc, 'enabled') === false) return null;
  const rules = goField(gc, 'policy');
  if (!Array.isArray(rules)) {
    const defaults = {
      reservedSpace: spaceOf(gc, 'defaultReservedSpace', 'defaultKeepStorage'),
      maxUsedSpace: stringField(gc, 'defaultMaxUsedSpace'),
      minFreeSpace: stringField(gc, 'defaultMinFreeSpace'),
    };
    return spacesProblem(defaults, 'default', release);
  }
  for (const rule of rules) {
    const sizes = {
      reservedSpace: spaceOf(rule, 'reservedSpace', 'keepStorage'),
      maxUsedSpace: stringField(rule, 'maxUsedSpace'),
      minFreeSpace: stringField(rule, 'minFreeSpace'),
    };
    const problem = spacesProblem(sizes, '', release) ?? pruneInfoProblem(gcFilterArgs(goField(rule, 'filter')), release.release)?.message ?? null;
    if (problem !== null) return problem;
  }
  return null;
}

/** getGCPolicy before 28.0: off unless enabled; the default size, then each rule's keepStorage, which must parse even when empty. */
function policyBefore28(gc: unknown, release: DaemonRelease): string | null {
  if (goField(gc, 'enabled') !== true) return null;
  const defaultKeepStorage = stringField(gc, 'defaultKeepStorage');
  if (defaultKeepStorage !== '') {
    const error = sizeError(defaultKeepStorage, release);
    if (error !== null) return `could not parse '${defaultKeepStorage}' as Builder.GC.DefaultKeepStorage config: ${error}`;
  }
  const rules = goField(gc, 'policy');
  for (const rule of Array.isArray(rules) ? rules : []) {
    const problem =
      sizeError(stringField(rule, 'keepStorage'), release) ?? pruneInfoProblem(gcFilterArgs(goField(rule, 'filter')), release.release)?.message ?? null;
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Why the start of BuildKit fails with the file's `builder` object (its `gc`), in the release's
 * words, or null. `containerdStore`: the daemon keeps its images in containerd's store.
 */
export function builderStartProblem(builder: unknown, release: DaemonRelease, containerdStore: boolean): string | null {
  const gc = goField(builder, 'gc');
  const problem = isOlder(release.release, SPACES_FROM) ? policyBefore28(gc, release) : policyFrom28(gc, release);
  if (problem === null) return null;
  const unwrapped = containerdStore && !isOlder(release.release, SNAPSHOTTER_BUILDER_FROM);
  const policy = unwrapped ? problem : `could not get builder GC policy: ${problem}`;
  return isOlder(release.release, INIT_WRAPPED_FROM) ? policy : `error initializing buildkit: error creating buildkit instance: ${policy}`;
}
