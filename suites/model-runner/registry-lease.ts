import { MODEL_REGISTRY } from '../../specs/model-registry.js';
import { Unavailable } from '../harness/verdict.js';
import { SUITE_MODEL } from './models.js';

/**
 * Exclusive use of registry references. A create that must succeed has to name a model the
 * target's registry has (specs/model-registry.ts), and cells run side by side against one runner:
 * a case leases the references it creates and deletes, so that no other case touches them until
 * it lets them go. The suite's inference model is never leased: the inference checks share it and
 * nothing deletes it.
 */

export type LeaseErrorCode = 'LEASE_TOO_MANY' | 'LEASE_TIMEOUT' | 'LEASE_ABORTED';

/** An Unavailable: the cell that cannot get its references is an error, not a failure of the target. */
export class LeaseError extends Unavailable {
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

/** Which references a lease takes: any (the default), or only those `want` accepts. */
export type Wanted = (reference: string) => boolean;

const ANY: Wanted = () => true;

interface Waiter {
  readonly count: number;
  readonly want: Wanted;
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
   * Leases `count` references (of those `want` accepts), waiting for them at most `deadlineMs`
   * (or until `signal` aborts).
   *
   * @throws {@link LeaseError} `LEASE_TOO_MANY` at once when the pool is smaller than `count`;
   * `LEASE_TIMEOUT` or `LEASE_ABORTED` when no lease came in time.
   */
  lease(count: number, deadlineMs: number, signal?: AbortSignal, want: Wanted = ANY): Promise<Lease> {
    const leasable = this.references.filter(want).length;
    if (count > leasable)
      return Promise.reject(new LeaseError('LEASE_TOO_MANY', `${count} registry references asked for; the registry has ${leasable} such to lease`));
    if (signal?.aborted) return Promise.reject(new LeaseError('LEASE_ABORTED', 'aborted before a lease was granted'));
    const now = this.waiters.length === 0 ? this.take(count, want) : undefined;
    if (now !== undefined) return Promise.resolve(this.granted(now));
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
        want,
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

  /** Takes `count` free references that `want` accepts, the longest free first; undefined (nothing taken) when there are fewer. */
  private take(count: number, want: Wanted): string[] | undefined {
    const at: number[] = [];
    for (let i = 0; i < this.free.length && at.length < count; i++) if (want(this.free[i]!)) at.push(i);
    if (at.length < count) return undefined;
    const taken = at.map((i) => this.free[i]!);
    for (const i of at.reverse()) this.free.splice(i, 1);
    return taken;
  }

  /** Grants waiting leases in order while the first one fits. */
  private serve(): void {
    while (this.waiters.length > 0) {
      const waiter = this.waiters[0]!;
      const taken = this.take(waiter.count, waiter.want);
      if (taken === undefined) return;
      this.waiters.shift();
      waiter.grant(taken);
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
