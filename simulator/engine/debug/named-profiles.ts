import { memStats, type MemStats } from './mem-stats.js';
import { type GoProfile, nowNanos, type ProfileSample } from './profile-model.js';
import { HEAP_SAMPLING_BYTES, osThreadCount, type ProcessRecorders } from './process-recorders.js';
import { currentStack, heapRecords, type HeapRecord } from './process-stacks.js';
import { countProfileText, FrameAddresses, goFloatText, goroutineStackText, stackRecord } from './profile-text.js';

/**
 * The profiles runtime/pprof.Lookup finds, for ctrd-sim's node process: heap and allocs from V8's
 * sampling heap profiler (the live allocations: V8 forgets the samples of freed objects, so
 * allocs shows what heap shows), goroutine as the one JavaScript thread at the request's handler,
 * threadcreate as the process's OS threads (their creating stacks unknown), block, mutex and
 * goroutineleak empty (no blocking or mutex profiling, as in the releases, which leave their rates
 * at 0; no goroutine can leak); with debug 2 goroutineleak prints every goroutine's stack, as
 * goroutine does (observed on 28.5.2, go1.27.1: "goroutine 1 [running]:").
 */
export interface NamedProfile {
  /** How its records are counted and printed, which fixes how `debug` is read (see `textFor`). */
  readonly kind: 'heap' | 'count' | 'contention';
  /** Its row's count on the index page. */
  count(recorders: ProcessRecorders): Promise<number>;
  profile(recorders: ProcessRecorders): Promise<GoProfile>;
  /** Its text (debug ≥ 1; goroutine's debug ≥ 2 are the stacks). */
  text(recorders: ProcessRecorders, debug: bigint): Promise<string>;
}

/** runtime/pprof's scaleHeapSample: a sampled count and size made an estimate of all allocations. */
function scaledHeapSample(objects: number, bytes: number): [number, number] {
  if (objects === 0 || bytes === 0) return [0, 0];
  const scale = 1 / (1 - Math.exp(-bytes / objects / HEAP_SAMPLING_BYTES));
  return [Math.trunc(objects * scale), Math.trunc(bytes * scale)];
}

const HEAP_SAMPLE_TYPES = [
  ['alloc_objects', 'count'],
  ['alloc_space', 'bytes'],
  ['inuse_objects', 'count'],
  ['inuse_space', 'bytes'],
] as const;

/** runtime/pprof's writeHeapProto: alloc and inuse alike here (see the module's comment). */
function heapProfile(records: readonly HeapRecord[], defaultSampleType?: string): GoProfile {
  const samples: ProfileSample[] = records.map((record) => {
    const [objects, bytes] = scaledHeapSample(record.objects, record.bytes);
    return { stack: record.stack, values: [objects, bytes, objects, bytes] };
  });
  return {
    sampleTypes: HEAP_SAMPLE_TYPES,
    periodType: ['space', 'bytes'],
    period: HEAP_SAMPLING_BYTES,
    samples,
    timeNanos: nowNanos(),
    ...(defaultSampleType === undefined ? {} : { defaultSampleType }),
  };
}

/** MemStats as the heap profile's text ends: `# Name = value`, the stacks and spans as in-use / sys. */
export function memStatsText(stats: MemStats, maxRss: number): string {
  const line = (name: string, value: unknown): string => `# ${name} = ${Array.isArray(value) ? `[${value.join(' ')}]` : String(value)}\n`;
  const pair = (name: string, inUse: string, sys: string): string => `# ${name} = ${String(stats[inUse])} / ${String(stats[sys])}\n`;
  const plain = (names: readonly string[]): string => names.map((name) => line(name, stats[name])).join('');
  return (
    '\n# runtime.MemStats\n' +
    plain(['Alloc', 'TotalAlloc', 'Sys', 'Lookups', 'Mallocs', 'Frees', 'HeapAlloc', 'HeapSys', 'HeapIdle', 'HeapInuse', 'HeapReleased', 'HeapObjects']) +
    pair('Stack', 'StackInuse', 'StackSys') +
    pair('MSpan', 'MSpanInuse', 'MSpanSys') +
    pair('MCache', 'MCacheInuse', 'MCacheSys') +
    plain(['BuckHashSys', 'GCSys', 'OtherSys', 'NextGC', 'LastGC', 'PauseNs', 'PauseEnd', 'NumGC', 'NumForcedGC']) +
    line('GCCPUFraction', goFloatText(stats['GCCPUFraction'] as number)) +
    line('DebugGC', stats['DebugGC']) +
    line('MaxRSS', maxRss)
  );
}

/** runtime/pprof's writeHeapInternal's text: the totals, each record unscaled, then MemStats. */
function heapText(records: readonly HeapRecord[], recorders: ProcessRecorders): string {
  const addresses = new FrameAddresses();
  const objects = records.reduce((sum, record) => sum + record.objects, 0);
  const bytes = records.reduce((sum, record) => sum + record.bytes, 0);
  const head = `heap profile: ${objects}: ${bytes} [${objects}: ${bytes}] @ heap/${2 * HEAP_SAMPLING_BYTES}\n`;
  const body = records
    .map((record) => stackRecord(`${record.objects}: ${record.bytes} [${record.objects}: ${record.bytes}] @`, record.stack, addresses))
    .join('');
  return head + body + memStatsText(memStats(recorders), process.resourceUsage().maxRSS * 1024);
}

const heapLike = (defaultSampleType?: string): NamedProfile => ({
  kind: 'heap',
  count: async (recorders) => heapRecords(await recorders.heapSampling()).length,
  profile: async (recorders) => heapProfile(heapRecords(await recorders.heapSampling()), defaultSampleType),
  text: async (recorders) => heapText(heapRecords(await recorders.heapSampling()), recorders),
});

/** The count profiles whose text at debug 2 is the goroutines' stacks (runtime/pprof writeGoroutineStacks). */
const STACK_DUMPS = new Set(['goroutine', 'goroutineleak']);

/** A count profile of `records` (value type `<name>/count`, period 1). */
function countProfile(name: string, records: () => { count: number; stack: ReturnType<typeof currentStack> }[]): NamedProfile {
  return {
    kind: 'count',
    count: async () => records().reduce((sum, record) => sum + record.count, 0),
    profile: async () => ({
      sampleTypes: [[name, 'count']],
      periodType: [name, 'count'],
      period: 1,
      samples: records().map((record) => ({ stack: record.stack, values: [record.count] })),
      timeNanos: nowNanos(),
    }),
    text: async (_recorders, debug) => (STACK_DUMPS.has(name) && debug >= 2n ? goroutineStackText(1, currentStack()) : countProfileText(name, records())),
  };
}

/** The rate ctrd-sim's ticks run at: its clock counts nanoseconds (Go prints the CPU's cycles). */
const TICKS_PER_SECOND = 1_000_000_000;

/** An empty contention profile (block, mutex): its header, and mutex's sampling period, 0. */
function contentionProfile(header: string): NamedProfile {
  return {
    kind: 'contention',
    count: async () => 0,
    profile: async () => ({
      sampleTypes: [
        ['contentions', 'count'],
        ['delay', 'nanoseconds'],
      ],
      periodType: ['contentions', 'count'],
      period: 1,
      samples: [],
      timeNanos: nowNanos(),
    }),
    text: async () => header.replace('{ticks}', String(TICKS_PER_SECOND)),
  };
}

const PROFILES: Readonly<Record<string, NamedProfile>> = {
  allocs: heapLike('alloc_space'),
  block: contentionProfile('--- contention:\ncycles/second={ticks}\n'),
  goroutine: countProfile('goroutine', () => [{ count: 1, stack: currentStack() }]),
  goroutineleak: countProfile('goroutineleak', () => []),
  heap: heapLike(),
  mutex: contentionProfile('--- mutex:\ncycles/second={ticks}\nsampling period=0\n'),
  threadcreate: countProfile('threadcreate', () => [{ count: osThreadCount(), stack: [] }]),
};

/** The six profiles every Go has. */
const EVERY_GO = ['allocs', 'block', 'goroutine', 'heap', 'mutex', 'threadcreate'];

/** The profiles of a build with `extra` ones, by name, sorted. */
export const profileNames = (extra: readonly string[]): string[] => [...EVERY_GO, ...extra].sort();

/** The profile `name` of a build with `extra` ones (pprof.Lookup), or undefined. */
export const lookupProfile = (name: string, extra: readonly string[]): NamedProfile | undefined =>
  profileNames(extra).includes(name) ? PROFILES[name] : undefined;

/** Whether the text is served rather than the protobuf: heap's text for any debug but 0, the others' for debug > 0. */
export const textFor = (profile: NamedProfile, debug: bigint): boolean => (profile.kind === 'heap' ? debug !== 0n : debug > 0n);
