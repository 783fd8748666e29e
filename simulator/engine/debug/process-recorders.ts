import { readdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

/**
 * What a Go runtime keeps about its process from its start and the /debug routes read: the
 * garbage collections, a sampling of the heap's allocations, whether a CPU profile or a trace is
 * being taken. ctrd-sim keeps them for its node process, from the first /debug request on (so that
 * a simulator nobody profiles pays nothing). They belong to the process, as a Go runtime's do: one
 * CPU profile at a time for every simulator of the process.
 */

/** Go's MemProfileRate, the bytes between two heap samples; V8's sampler is set to it. */
export const HEAP_SAMPLING_BYTES = 512 * 1024;

/** How many pauses MemStats keeps (PauseNs, PauseEnd: a ring of 256). */
const PAUSES_KEPT = 256;

/** One garbage collection: its pause and when it ended, in nanoseconds. */
export interface Collection {
  readonly pauseNs: number;
  readonly endNs: bigint;
}

/** A node of V8's sampling heap profile (HeapProfiler.getSamplingProfile). */
export interface HeapNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly id: number;
  readonly children: readonly HeapNode[];
}

/** V8's sampling heap profile: its call tree and the samples, each at a node. */
export interface HeapSampling {
  readonly head: HeapNode;
  readonly samples: readonly { readonly size: number; readonly nodeId: number }[];
}

/** A V8 CPU profile (Profiler.stop): nodes with their call frames and parent links, the sampled node per tick. */
export interface CpuSampling {
  readonly nodes: readonly { readonly id: number; readonly callFrame: HeapNode['callFrame']; readonly children?: readonly number[] }[];
  readonly samples?: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

const nanosAt = (millisSinceOrigin: number): bigint => BigInt(Math.round((performance.timeOrigin + millisSinceOrigin) * 1e6));

export class ProcessRecorders {
  /** The last PAUSES_KEPT collections, oldest first. */
  readonly collections: Collection[] = [];
  numGc = 0;
  pauseTotalNs = 0;
  /** Collections forced by a `gc` query (NumForcedGC). */
  forcedGc = 0;
  /** When the recording began, in milliseconds since the process's time origin. */
  readonly since = performance.now();
  cpuProfiling = false;
  tracing = false;
  private readonly session = new Session();
  private readonly sampling: Promise<unknown>;

  constructor() {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) this.recordCollection(entry);
    }).observe({ entryTypes: ['gc'] });
    this.session.connect();
    this.sampling = this.session.post('HeapProfiler.startSampling', { samplingInterval: HEAP_SAMPLING_BYTES });
  }

  private recordCollection(entry: PerformanceEntry): void {
    const pauseNs = Math.round(entry.duration * 1e6);
    this.numGc += 1;
    this.pauseTotalNs += pauseNs;
    this.collections.push({ pauseNs, endNs: nanosAt(entry.startTime + entry.duration) });
    if (this.collections.length > PAUSES_KEPT) this.collections.shift();
  }

  /** The heap's sampled allocations still alive (V8 forgets the samples of freed objects). */
  async heapSampling(): Promise<HeapSampling> {
    await this.sampling;
    // node's typings leave out the samples V8 gives.
    return ((await this.session.post('HeapProfiler.getSamplingProfile')) as unknown as { profile: HeapSampling }).profile;
  }

  /** runtime.GC(): a full collection, counted as forced. */
  async collectGarbage(): Promise<void> {
    await this.session.post('HeapProfiler.collectGarbage');
    this.forcedGc += 1;
  }

  /** Starts V8's CPU profiler at Go's rate (100 Hz); `stop` ends it and gives the samples. */
  async startCpuProfile(): Promise<{ stop(): Promise<CpuSampling> }> {
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.setSamplingInterval', { interval: 10_000 });
    await this.session.post('Profiler.start');
    return { stop: async () => ((await this.session.post('Profiler.stop')) as { profile: CpuSampling }).profile };
  }
}

let recorders: ProcessRecorders | undefined;

/** The process's recorders, started by the first call. */
export const processRecorders = (): ProcessRecorders => (recorders ??= new ProcessRecorders());

/** The process's OS threads (Linux: /proc/self/task), or 1 where they cannot be counted. */
export function osThreadCount(): number {
  try {
    return readdirSync('/proc/self/task').length;
  } catch {
    return 1;
  }
}
