import { fillMessage } from '../../common/messages.js';
import { isNewer, isOlder } from '../../common/dotted-version.js';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { MIN_API_MESSAGES } from '../../specs/messages.js';
import type { BrandNames } from '../../specs/brands.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import type { Implementation } from '../implementation.js';
import type { ConfigDocument } from './file/read-document.js';
import { minApiVariant, type MinApiVariant } from './min-api-variant.js';

/** Whether a problem the override's value has is the floor one (the env-floor-unchecked quirk lets only that one through). */
const isFloorProblem = (problem: string, belowFloorTemplate: string): boolean => problem.startsWith(belowFloorTemplate.split('{')[0] ?? belowFloorTemplate);

/** Where the minimum-version override is implemented. */
export const MIN_API_OVERRIDE: Implementation = {
  where: 'simulator/config/min-api.ts: resolveMinApi (<BRAND>_MIN_API_VERSION, daemon.json min-api-version)',
  rules: ['api.version.legacy-removed', 'api.version.legacy-opt-in', 'api.version.min-override-raise'],
};

/** Behaviour that is data rather than a route: the release table's API ranges. */
export const RELEASE_RANGES: Implementation = {
  where: "specs/versions.ts via simulator/config/resolve.ts: the emulated release's API range (--emulate)",
  rules: ['api.version.minimum-1.12', 'api.version.below-1.24-disabled', 'limits.min-api-version', 'api.version.negotiation'],
};

/** Checks a requested minimum API version the way the daemon does; returns the problem or null. */
export function minApiProblem(value: string, release: DaemonRelease, faults: ReadonlySet<TestableRuleId> = new Set()): string | null {
  return problemOf(value, release, minApiVariant({ faults, quirks: new Set() }));
}

/** minApiProblem, where the override differs from the document as `variant` says (min-api-variant.ts). */
function problemOf(value: string, release: DaemonRelease, variant: MinApiVariant): string | null {
  if (value === '') return MIN_API_MESSAGES.empty;
  if (value.startsWith('v')) return MIN_API_MESSAGES.vPrefix;
  if (!/^\d+\.\d+$/.test(value)) return fillMessage(MIN_API_MESSAGES.malformed, { value });
  let floor = release.minApiFloor ?? release.defaultMinApi;
  if (variant.floorIsDefault) floor = release.defaultMinApi;
  if (variant.removedVersionsReenabled && !isOlder(release.release, '26.0')) floor = '1.12';
  if (isOlder(value, floor)) return fillMessage(MIN_API_MESSAGES.belowFloor, { floor, value });
  if (isNewer(value, release.maxApi)) return fillMessage(MIN_API_MESSAGES.aboveMax, { max: release.maxApi, value });
  return null;
}

/** The minimum API version served: the release default, or the override from the environment or the file. */
export function resolveMinApi(
  release: DaemonRelease,
  names: BrandNames,
  env: Readonly<Record<string, string | undefined>>,
  file: ConfigDocument,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): string {
  if (release.minApiFloor === null) return release.defaultMinApi;
  const variable = `${names.envPrefix}MIN_API_VERSION`;
  // Where this override differs from the document's (min-api-variant.ts).
  const variant = minApiVariant({ faults, quirks });
  const chosen = (value: string, problemTemplate: string, fromEnv = false): string => {
    const problem = problemOf(value, release, variant);
    if (problem !== null && fromEnv && variant.envFloorUnchecked && isFloorProblem(problem, MIN_API_MESSAGES.belowFloor)) return value;
    if (problem !== null) throw new SimError('SIM_CONFIG', fillMessage(problemTemplate, { variable, problem }));
    if (variant.raiseForgotten && isNewer(value, release.defaultMinApi)) return release.defaultMinApi;
    if (variant.lowerDropped && isOlder(value, release.defaultMinApi)) return release.defaultMinApi;
    return value;
  };
  const fromEnv = env[variable];
  if (fromEnv !== undefined) return chosen(fromEnv, MIN_API_MESSAGES.invalidVariable, true);
  const fromFile = file.doc['min-api-version'];
  if (typeof fromFile === 'string') return chosen(fromFile, MIN_API_MESSAGES.invalidFileKey);
  return release.defaultMinApi;
}
