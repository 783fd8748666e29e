/**
 * How many inference requests the runner works on at once; the others wait in line for a slot, as
 * llama-server's requests wait for a free slot (its --parallel). Without a bound, 80 concurrent
 * embeddings of the largest size the limits allow took the simulator to 835 MB and held its
 * /_ping for seconds (issue 41); with one, the work in hand, and so the memory, is at most
 * INFERENCE_SLOTS of the heaviest requests.
 */
export const INFERENCE_SLOTS = 4;
/** Requests that may wait for a slot; one more is refused at once (503 with Retry-After), not queued. */
export const INFERENCE_QUEUE = 64;

/** A slot held: give it back exactly once, when the answer is written or the client has gone. */
export type Release = () => void;

/**
 * A counting semaphore with a bounded FIFO line. `acquire` resolves with a release, or with null
 * when the line is full; a waiter whose signal aborts leaves the line without taking a slot.
 */
export class WorkSlots {
  private active = 0;
  private readonly waiting: { readonly grant: (release: Release) => void; readonly signal: AbortSignal | undefined }[] = [];

  constructor(
    readonly slots: number = INFERENCE_SLOTS,
    readonly queue: number = INFERENCE_QUEUE,
  ) {}

  get inUse(): number {
    return this.active;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  acquire(signal?: AbortSignal): Promise<Release | null> {
    if (signal?.aborted) return Promise.resolve(null);
    if (this.active < this.slots) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = { grant: resolve, signal };
      this.waiting.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.waiting.indexOf(waiter);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          resolve(null);
        },
        { once: true },
      );
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line: the count stays.
      if (next === undefined) this.active -= 1;
      else next.grant(this.releaser());
    };
  }
}
