import fc from 'fast-check';

export interface Shrunk<T, S> {
  readonly value: T;
  /** What `seen` found on `value`; undefined when its last call was on another value. */
  readonly found: S | undefined;
  /** fast-check's replay path of `value` under the seed. */
  readonly path: string;
  /** Whether shrinking ended on its own (false: the time limit stopped it). */
  readonly complete: boolean;
}

/**
 * Shrinks the value generated at `path` under `seed` to a minimal one on which `seen` still
 * finds something, within `timeLimitMs`; null when that value no longer shows it. `same` tells
 * whether two values are one, so that what the last call found is kept only for the counterexample.
 */
export async function shrinkShowing<T, S>(
  arbitrary: fc.Arbitrary<T>,
  options: { readonly seed: number; readonly numRuns: number; readonly path: string; readonly timeLimitMs: number },
  seen: (value: T) => Promise<S | undefined>,
  same: (a: T, b: T) => boolean,
): Promise<Shrunk<T, S> | null> {
  let last: { value: T; found: S } | undefined;
  const shows = fc.asyncProperty(arbitrary, async (value) => {
    const found = await seen(value);
    if (found !== undefined) last = { value, found };
    return found === undefined;
  });
  const result = await fc.check(shows, {
    seed: options.seed,
    numRuns: options.numRuns,
    path: options.path,
    interruptAfterTimeLimit: options.timeLimitMs,
    markInterruptAsFailure: false,
  });
  if (!result.failed || result.counterexample === null || result.counterexamplePath === null) return null;
  const [value] = result.counterexample;
  // The last failing call of the property is the counterexample's.
  const own = last !== undefined && same(last.value, value);
  return { value, found: own ? last!.found : undefined, path: result.counterexamplePath, complete: !result.interrupted };
}

/** A replay path that leads to no value under the seed. */
export class ReplayPathError extends Error {
  readonly code = 'EXPLORER_REPLAY_PATH';
}

/** fc.check of a sweep; a `path` fast-check cannot walk is a ReplayPathError. */
export async function checkSweep<T>(property: fc.IAsyncProperty<[T]>, parameters: fc.Parameters<[T]>): Promise<fc.RunDetails<[T]>> {
  try {
    return await fc.check(property, parameters);
  } catch (error) {
    if (parameters.path !== undefined && error instanceof Error && /^Unable to replay/.test(error.message))
      throw new ReplayPathError(`no value is at path ${parameters.path} under seed ${parameters.seed}`);
    throw error;
  }
}
