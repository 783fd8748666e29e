import { MODEL_REGISTRY } from '../../specs/model-registry.js';
import { SUITE_MODEL } from './models.js';

/**
 * Exclusive use of registry references. A create that must succeed has to name a model the
 * target's registry has (specs/model-registry.ts), and cells run side by side against one runner:
 * a case leases the references it creates and deletes, so that no other case touches them until
 * it lets them go. The suite's inference model is never leased: the inference checks share it and
 * nothing deletes it.
 */

export type LeaseErrorCode = 'LEASE_TOO_MANY' | 'LEASE_TIMEOUT' | 'LEASE_ABORTED';

export class LeaseError extends Error {
  override readonly name = 'LeaseError';
  constructor(
    readonly code: LeaseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** References leased together, until {@link Lease.release} (idempotent). */
export interface Lease {
  readonly references: readonly string[];
  release(): void;
}

/** Every registry reference a case may lease, in the catalogue's order. */
export const LEASABLE_REFERENCES: readonly string[] = MODEL_REGISTRY.flatMap((model) => model.tags.map((tag) => `${model.name}:${tag}`)).filter(
  (reference) => reference !== SUITE_MODEL,
);

interface Waiter {
  readonly count: number;
  readonly grant: (references: readonly string[]) => void;
}

/** A pool of references: leases are granted first come, first served, each within its deadline. */
export class ReferencePool {
  private readonly free: string[];
  private readonly waiters: Waiter[] = [];

  constructor(readonly references: readonly string[] = LEASABLE_REFERENCES) {
    this.free = [...references];
  }

  /** How many references are not leased now. */
  get available(): number {
    return this.free.length;
  }

  /**
   * Leases `count` references, waiting for them at most `deadlineMs` (or until `signal` aborts).
   *
   * @throws {@link LeaseError} `LEASE_TOO_MANY` at once when the pool is smaller than `count`;
   * `LEASE_TIMEOUT` or `LEASE_ABORTED` when no lease came in time.
   */
  lease(count: number, deadlineMs: number, signal?: AbortSignal): Promise<Lease> {
    if (count > this.references.length)
      return Promise.reject(new LeaseError('LEASE_TOO_MANY', `${count} registry references asked for; the registry has ${this.references.length} to lease`));
    if (signal?.aborted) return Promise.reject(new LeaseError('LEASE_ABORTED', 'aborted before a lease was granted'));
    if (this.waiters.length === 0 && this.free.length >= count) return Promise.resolve(this.granted(this.free.splice(0, count)));
    return new Promise<Lease>((resolve, reject) => {
      const fail = (error: LeaseError): void => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
        // A large request that gave up may unblock smaller ones behind it.
        this.serve();
      };
      const onAbort = (): void => fail(new LeaseError('LEASE_ABORTED', `aborted while waiting for ${count} registry references`));
      const timer = setTimeout(
        () => fail(new LeaseError('LEASE_TIMEOUT', `no ${count} registry references free within ${deadlineMs} ms (${this.free.length} free)`)),
        deadlineMs,
      );
      const waiter: Waiter = {
        count,
        grant: (references) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.granted(references));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private granted(references: readonly string[]): Lease {
    let held = true;
    return {
      references,
      release: () => {
        if (!held) return;
        held = false;
        this.free.push(...references);
        this.serve();
      },
    };
  }

  /** Grants waiting leases in order while the first one fits. */
  private serve(): void {
    while (this.waiters.length > 0 && this.free.length >= this.waiters[0]!.count) {
      const waiter = this.waiters.shift()!;
      waiter.grant(this.free.splice(0, waiter.count));
    }
  }
}

const pools = new WeakMap<object, ReferencePool>();

/** The pool of one target (one runner's store): cells against the same target share it. */
export function poolFor(target: object): ReferencePool {
  let pool = pools.get(target);
  if (pool === undefined) {
    pool = new ReferencePool();
    pools.set(target, pool);
  }
  return pool;
}
