/**
 * A profile as runtime/pprof builds one, before it is written as protobuf or text: the sample
 * types, the period, and samples whose stacks are frames of ctrd-sim's own process.
 */

/** One frame of a stack: a JavaScript function, its file and line. */
export interface Frame {
  readonly functionName: string;
  readonly file: string;
  readonly line: number;
}

/** One sample: its stack, leaf first, and a value per sample type. */
export interface ProfileSample {
  readonly stack: readonly Frame[];
  readonly values: readonly number[];
}

/** A value's type and unit, as pprof's ValueType (`alloc_space`, `bytes`). */
export type ValueType = readonly [type: string, unit: string];

export interface GoProfile {
  readonly sampleTypes: readonly ValueType[];
  readonly periodType: ValueType;
  readonly period: number;
  readonly samples: readonly ProfileSample[];
  /** When the profile was taken, in nanoseconds since the epoch. */
  readonly timeNanos: bigint;
  /** How long it covers (a CPU profile, a delta), in nanoseconds. */
  readonly durationNanos?: bigint;
  /** The sample type a viewer shows first (`alloc_space` for allocs), when not the last one. */
  readonly defaultSampleType?: string;
}

/** The wall clock in nanoseconds since the epoch. */
export const nowNanos = (): bigint => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));

const stackKey = (stack: readonly Frame[]): string => JSON.stringify(stack);

/**
 * What net/http/pprof's serveDeltaProfile answers: `after` less `before`, sample by stack, the
 * samples that come to nothing dropped, timed at `after` and lasting from `before` to it.
 */
export function deltaProfile(before: GoProfile, after: GoProfile): GoProfile {
  const earlier = new Map(before.samples.map((sample) => [stackKey(sample.stack), sample.values]));
  const samples = after.samples
    .map((sample) => ({ stack: sample.stack, values: sample.values.map((value, i) => value - (earlier.get(stackKey(sample.stack))?.[i] ?? 0)) }))
    .filter((sample) => sample.values.some((value) => value !== 0));
  const { defaultSampleType: _omitted, ...rest } = after;
  return { ...rest, samples, durationNanos: after.timeNanos - before.timeNanos };
}
