import { appendFileSync } from 'node:fs';

/**
 * The faults a simulator runs with, noting which ones its code asks about. With a trace file
 * (`ctrd-sim --fault-trace FILE`), every id asked about is appended to the file once per set.
 *
 * The fault self-test runs each rule alone on a simulator without faults and reads which faults its
 * requests asked about. The simulator is deterministic for a given seed, so a run with fault F
 * departs from the run without it only at a `has(F)` that answers differently: a rule whose
 * requests never asked about F keeps its verdict under F, and the self-test need not run it again.
 * Any read other than `has` (the size, an iteration) could reveal a fault without naming it: it is
 * noted as `*`, which the self-test reads as "asked about every fault".
 */
export class FaultSet<Id extends string = string> extends Set<Id> {
  private noted: Set<string> | undefined;
  private readonly traceFile: string | undefined;

  constructor(ids: Iterable<Id> = [], traceFile?: string) {
    super(ids);
    this.traceFile = traceFile;
  }

  override has(id: Id): boolean {
    this.note(id);
    return super.has(id);
  }

  override get size(): number {
    this.note(EVERY_FAULT);
    return super.size;
  }

  override forEach(callback: (value: Id, key: Id, set: Set<Id>) => void, thisArg?: unknown): void {
    this.note(EVERY_FAULT);
    super.forEach(callback, thisArg);
  }

  override values(): SetIterator<Id> {
    this.note(EVERY_FAULT);
    return super.values();
  }

  override keys(): SetIterator<Id> {
    this.note(EVERY_FAULT);
    return super.keys();
  }

  override entries(): SetIterator<[Id, Id]> {
    this.note(EVERY_FAULT);
    return super.entries();
  }

  override [Symbol.iterator](): SetIterator<Id> {
    this.note(EVERY_FAULT);
    return super[Symbol.iterator]();
  }

  private note(id: string): void {
    if (this.traceFile === undefined) return;
    this.noted ??= new Set();
    if (this.noted.has(id)) return;
    this.noted.add(id);
    appendFileSync(this.traceFile, `${id}\n`);
  }
}

/** What a trace holds when code read the faults other than by asking about one. */
export const EVERY_FAULT = '*';

/**
 * The faults of `faults` that `keep` accepts. Asking about one that `keep` refuses does not reach
 * `faults` (nor its trace): a view of the faults that concern one part of the code.
 */
export function faultsWhere<Id extends string>(faults: ReadonlySet<Id>, keep: (id: Id) => boolean): ReadonlySet<Id> {
  return new FaultView(faults, keep);
}

class FaultView<Id extends string> extends Set<Id> {
  constructor(
    private readonly source: ReadonlySet<Id>,
    private readonly keep: (id: Id) => boolean,
  ) {
    super();
  }

  override has(id: Id): boolean {
    return this.keep(id) && this.source.has(id);
  }

  private kept(): Set<Id> {
    return new Set([...this.source].filter(this.keep));
  }

  override get size(): number {
    return this.kept().size;
  }

  override forEach(callback: (value: Id, key: Id, set: Set<Id>) => void, thisArg?: unknown): void {
    this.kept().forEach(callback, thisArg);
  }

  override values(): SetIterator<Id> {
    return this.kept().values();
  }

  override keys(): SetIterator<Id> {
    return this.kept().keys();
  }

  override entries(): SetIterator<[Id, Id]> {
    return this.kept().entries();
  }

  override [Symbol.iterator](): SetIterator<Id> {
    return this.kept()[Symbol.iterator]();
  }
}
