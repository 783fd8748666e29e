import type { GoProfile } from './profile-model.js';
import type { CpuSampling } from './process-recorders.js';
import { cpuRecords } from './process-stacks.js';

/** Go's CPU profiling period: 100 samples a second. */
const CPU_PERIOD_NS = 10_000_000;

/**
 * runtime/pprof's CPU profile of V8's samples: `samples/count` and `cpu/nanoseconds` (a sample
 * standing for one period, as Go's SIGPROF ticks do), timed from the profile's start.
 */
export function cpuProfile(sampling: CpuSampling, startedNanos: bigint): GoProfile {
  return {
    sampleTypes: [
      ['samples', 'count'],
      ['cpu', 'nanoseconds'],
    ],
    periodType: ['cpu', 'nanoseconds'],
    period: CPU_PERIOD_NS,
    samples: cpuRecords(sampling).map((record) => ({ stack: record.stack, values: [record.count, record.count * CPU_PERIOD_NS] })),
    timeNanos: startedNanos,
    durationNanos: BigInt(Math.round((sampling.endTime - sampling.startTime) * 1000)),
  };
}
