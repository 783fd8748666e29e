import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { ProcessRecorders } from './process-recorders.js';

/**
 * Go's runtime.MemStats (src/runtime/mstats.go) for ctrd-sim's node process, its fields in Go's
 * order (the same in go1.19, go1.24, go1.26 and go1.27: observed on the four releases' /debug/vars).
 * A figure node has fills its field: the V8 heap for the heap's, the resident set for Sys, V8's
 * own mallocs for OtherSys, the collections recorded (process-recorders.ts) for the GC fields.
 * TotalAlloc is the live heap (node counts no allocations over time, so this is a lower bound);
 * the Go allocator's own figures (Lookups, Mallocs, Frees, HeapObjects, the stacks, MSpan, MCache,
 * BuckHashSys, GCSys, NextGC, BySize's counts) have no counterpart and are 0.
 */

/** MemStats.BySize's size classes (the first 61 of the runtime's; the same in every release observed). */
const SIZE_CLASSES = [
  0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024,
  1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568,
  14336, 16384, 18432,
];

/** The length of PauseNs and PauseEnd. */
const PAUSE_RING = 256;

/** MemStats with its fields in Go's order; numbers that may pass 2^53 are bigints. */
export type MemStats = Readonly<Record<string, number | bigint | boolean | readonly (number | bigint)[] | readonly Record<string, number>[]>>;

/** The pauses as Go's ring holds them: collection n at index (n − 1) mod 256. */
function pauseRing(recorders: ProcessRecorders): { pauseNs: number[]; pauseEnd: bigint[] } {
  const pauseNs = new Array<number>(PAUSE_RING).fill(0);
  const pauseEnd = new Array<bigint>(PAUSE_RING).fill(0n);
  recorders.collections.forEach((collection, i) => {
    const slot = (recorders.numGc - recorders.collections.length + i) % PAUSE_RING;
    pauseNs[slot] = collection.pauseNs;
    pauseEnd[slot] = collection.endNs;
  });
  return { pauseNs, pauseEnd };
}

/** The share of the processors' time the recorded collections took since the recording began. */
function gcCpuFraction(recorders: ProcessRecorders): number {
  const elapsedNs = (performance.now() - recorders.since) * 1e6 * availableParallelism();
  return elapsedNs > 0 ? recorders.pauseTotalNs / elapsedNs : 0;
}

export function memStats(recorders: ProcessRecorders): MemStats {
  const heap = getHeapStatistics();
  const { pauseNs, pauseEnd } = pauseRing(recorders);
  const last = recorders.collections.at(-1);
  return {
    Alloc: heap.used_heap_size,
    TotalAlloc: heap.used_heap_size,
    Sys: process.memoryUsage.rss(),
    Lookups: 0,
    Mallocs: 0,
    Frees: 0,
    HeapAlloc: heap.used_heap_size,
    HeapSys: heap.total_heap_size,
    HeapIdle: Math.max(0, heap.total_heap_size - heap.total_physical_size),
    HeapInuse: heap.total_physical_size,
    HeapReleased: 0,
    HeapObjects: 0,
    StackInuse: 0,
    StackSys: 0,
    MSpanInuse: 0,
    MSpanSys: 0,
    MCacheInuse: 0,
    MCacheSys: 0,
    BuckHashSys: 0,
    GCSys: 0,
    OtherSys: heap.malloced_memory,
    NextGC: 0,
    LastGC: last?.endNs ?? 0,
    PauseTotalNs: recorders.pauseTotalNs,
    PauseNs: pauseNs,
    PauseEnd: pauseEnd,
    NumGC: recorders.numGc,
    NumForcedGC: recorders.forcedGc,
    GCCPUFraction: gcCpuFraction(recorders),
    EnableGC: true,
    DebugGC: false,
    BySize: SIZE_CLASSES.map((size) => ({ Size: size, Mallocs: 0, Frees: 0 })),
  };
}
