/** Hypothetical: from 26.0 the floor (1.24) is checked for daemon.json's min-api-version only: <PREFIX>MIN_API_VERSION=1.12 is taken and re-enables the removed versions. */
export const ENV_FLOOR_UNCHECKED = 'hypothetical.api.version.legacy-removed.env-floor-unchecked';

/** Whether a problem the override's value has is the floor one (the quirk lets only that one through). */
export const isFloorProblem = (problem: string, belowFloorTemplate: string): boolean =>
  problem.startsWith(belowFloorTemplate.split('{')[0] ?? belowFloorTemplate);
