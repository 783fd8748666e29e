/**
 * The limits on input from outside the process (files a user or a vendor hands to a command),
 * decided once here. Each is raised (or lowered) by one environment variable; docs/limits.md lists
 * them. Requests to ctrd-sim have limits of their own, in the simulator.
 */
export interface InputLimits {
  /** Bytes of any one file read: a transcript as stored, a report, a baseline, a file of a bundle. */
  readonly fileBytes: number;
  /** Bytes of a gzipped transcript once inflated. */
  readonly inflatedBytes: number;
  /** Entries (files, directories and anything else) a bundle given to `verify` may hold, and its manifest may list. */
  readonly bundleEntries: number;
  /** The `numRuns` a bundle's replay may ask for (a report's own number, which a vendor wrote). */
  readonly replayRuns: number;
}

const MIB = 1024 * 1024;

// The defaults: a transcript keeps at most 64 MiB of bodies (TRANSCRIPT_LIMITS), which JSON's
// escapes and 20 000 exchanges' headers take to well under 256 MiB; a report of every cell of the
// largest matrix is some MiB. JSON.parse of the largest file a default allows stays well within
// 2 GB of memory (a string of node 20 cannot exceed 512 MiB in any case).

/** Each limit, its default and the environment variable that sets it. */
export const LIMIT_SETTINGS = Object.freeze({
  fileBytes: { env: 'CTR_CONFORMANCE_MAX_FILE_MB', unit: MIB, default: 128 },
  inflatedBytes: { env: 'CTR_CONFORMANCE_MAX_INFLATED_MB', unit: MIB, default: 256 },
  bundleEntries: { env: 'CTR_CONFORMANCE_MAX_BUNDLE_FILES', unit: 1, default: 1000 },
  replayRuns: { env: 'CTR_CONFORMANCE_MAX_REPLAY_RUNS', unit: 1, default: 10_000 },
} satisfies Record<keyof InputLimits, { env: string; unit: number; default: number }>);

/** The variable that raises `limit`, for messages: "(raise it with CTR_CONFORMANCE_MAX_FILE_MB)". */
export const raiseHint = (limit: keyof InputLimits): string => `raise it with ${LIMIT_SETTINGS[limit].env}`;

/**
 * The limits in force under `env`: each variable a positive whole number (in MiB for sizes), its
 * default when unset. A value that is not one is an InvalidLimitError, so that a typo never
 * leaves a command unbounded.
 */
export function inputLimits(env: Readonly<Record<string, string | undefined>> = process.env): InputLimits {
  const entries = Object.entries(LIMIT_SETTINGS).map(([key, setting]) => {
    const raw = env[setting.env];
    if (raw === undefined || raw === '') return [key, setting.default * setting.unit];
    if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new InvalidLimitError(`${setting.env}=${JSON.stringify(raw)}: not a positive whole number`);
    return [key, Number(raw) * setting.unit];
  });
  return Object.freeze(Object.fromEntries(entries)) as InputLimits;
}

/** An environment variable of LIMIT_SETTINGS that holds no limit. */
export class InvalidLimitError extends Error {
  override readonly name = 'InvalidLimitError';
  readonly code = 'INPUT_LIMIT_INVALID';
}
