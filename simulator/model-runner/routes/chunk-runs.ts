/**
 * A stream's chunks as runs, one run after the other: `count` chunks each, the chunk at `i` made
 * by `chunk(i)` when it is sent (a stream of many tokens holds no list of its events).
 *
 * Made by hand rather than with a generator: a generator object that V8 has placed in the old
 * generation keeps what its function captured (the request, the whole generation) alive through
 * every young collection until the next full one. Each streamed answer then survived to the old
 * generation: 2 MB copied per young collection instead of a few KB, and three times the CPU of
 * the collector per answer (bench/RESULTS.md section 6).
 */
export class ChunkRuns implements IterableIterator<unknown> {
  private readonly runs: { readonly count: number; readonly chunk: (index: number) => unknown }[] = [];
  private run = 0;
  private at = 0;

  /** Adds a run of `count` chunks. */
  add(count: number, chunk: (index: number) => unknown): this {
    this.runs.push({ count, chunk });
    return this;
  }

  next(): IteratorResult<unknown> {
    while (this.run < this.runs.length) {
      const current = this.runs[this.run]!;
      if (this.at < current.count) return { done: false, value: current.chunk(this.at++) };
      this.run++;
      this.at = 0;
    }
    return { done: true, value: undefined };
  }

  [Symbol.iterator](): this {
    return this;
  }
}
