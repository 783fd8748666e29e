import { availableParallelism } from 'node:os';
import { uvarint } from './uvarint.js';

/**
 * An execution trace as `go tool trace` of the release's Go reads it, with none of a Go
 * scheduler's events: ctrd-sim runs no goroutines. Each format holds what a reader requires of it
 * and no more: go1.19's a batch with the processors' count (GOMAXPROCS) and the clock's frequency;
 * the generation formats of go1.23 and go1.26 (internal/trace/tracev2) one generation of the
 * frequency batch (go1.26: the sync batch, with the clocks' snapshot, and the end of the trace).
 * The go1.19 form was checked with go1.19.8's `go tool trace -d`; the later ones follow the
 * structural batches of the traces 26.1.5 and 29.7.2 wrote (observed 2026-12-06).
 */

/** The trace clock's ticks per second: nanoseconds (go1.19's EvFrequency; go1.23 and go1.26 write 15625000 for their own clock). */
const TICKS_PER_SECOND = 1_000_000_000;
/** What the later formats' runtime writes as its frequency (observed in every go1.23 and go1.26 trace). */
const GENERATION_TICKS_PER_SECOND = 15_625_000;

const header = (version: string): Buffer => Buffer.from(`go ${version} trace\u0000\u0000\u0000`, 'latin1');

/** go1.19: EvBatch (p 0, ticks 1), EvGomaxprocs (its time, the count, no stack), EvFrequency. */
function go119Trace(): Buffer {
  const EV_BATCH_TWO_ARGS = 0x41;
  const EV_GOMAXPROCS_THREE_ARGS = 0x84;
  const EV_FREQUENCY_ONE_ARG = 0x02;
  const events = [
    EV_BATCH_TWO_ARGS,
    0,
    1,
    EV_GOMAXPROCS_THREE_ARGS,
    1,
    ...uvarint(availableParallelism()),
    0,
    EV_FREQUENCY_ONE_ARG,
    ...uvarint(TICKS_PER_SECOND),
  ];
  return Buffer.concat([header('1.19'), Buffer.from(events)]);
}

/** The generation formats' event types (internal/trace/tracev2/events.go). */
const EV_EVENT_BATCH = 1;
const EV_FREQUENCY = 8;
const EV_SYNC = 50;
const EV_CLOCK_SNAPSHOT = 51;
const EV_END_OF_GENERATION = 52;
/** A batch no thread wrote (NoThread: −1). */
const NO_THREAD = -1n;

/** One structural batch of generation 1: its header (the generation, the thread, the time, the size), then `events`. */
const structuralBatch = (time: bigint, events: readonly number[]): number[] => [
  EV_EVENT_BATCH,
  ...uvarint(1),
  ...uvarint(NO_THREAD),
  ...uvarint(time),
  ...uvarint(events.length),
  ...events,
];

/** The monotonic clock in the trace clock's ticks (64 ns each, as the runtime's). */
const traceTicks = (): bigint => process.hrtime.bigint() / 64n;

/** go1.23: one generation, its frequency batch alone. */
function go123Trace(): Buffer {
  return Buffer.concat([header('1.23'), Buffer.from(structuralBatch(traceTicks(), [EV_FREQUENCY, ...uvarint(GENERATION_TICKS_PER_SECOND)]))]);
}

/** go1.26: one generation, its sync batch (the frequency and the clocks' snapshot), then the end of the trace. */
function go126Trace(): Buffer {
  const wallNs = BigInt(Date.now()) * 1_000_000n;
  const snapshot = [EV_CLOCK_SNAPSHOT, 0, ...uvarint(process.hrtime.bigint()), ...uvarint(wallNs / 1_000_000_000n), ...uvarint(wallNs % 1_000_000_000n)];
  const sync = structuralBatch(traceTicks(), [EV_SYNC, EV_FREQUENCY, ...uvarint(GENERATION_TICKS_PER_SECOND), ...snapshot]);
  return Buffer.concat([header('1.26'), Buffer.from([...sync, EV_END_OF_GENERATION])]);
}

export const TRACE_WRITERS = { '1.19': go119Trace, '1.23': go123Trace, '1.26': go126Trace } as const;
