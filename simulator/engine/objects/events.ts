import { nowNanos } from './clock.js';

/** One recorded event (moby api/types/events.Message without its legacy fields: those are the API version's). */
export interface DaemonEvent {
  readonly type: 'image' | 'container' | 'volume' | 'network' | 'builder' | 'plugin';
  readonly action: string;
  readonly actorId: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly timeNano: bigint;
}

type Listener = (event: DaemonEvent) => void;

/** Every event since the simulator started, and the streams waiting for new ones. */
export class EventLog {
  private readonly recorded: DaemonEvent[] = [];
  private readonly listeners = new Set<Listener>();

  record(type: DaemonEvent['type'], action: string, actorId: string, attributes: Readonly<Record<string, string>>): void {
    const event: DaemonEvent = { type, action, actorId, attributes, timeNano: nowNanos() };
    this.recorded.push(event);
    for (const listener of this.listeners) listener(event);
  }

  /** The events from `since` to `until` (nanoseconds, both included). */
  between(since: bigint, until: bigint): DaemonEvent[] {
    return this.recorded.filter((event) => event.timeNano >= since && event.timeNano <= until);
  }

  /** How many listeners wait for new events (no finished stream or wait may leave one behind). */
  get listening(): number {
    return this.listeners.size;
  }

  /** Calls `listener` for each new event until the returned function is called. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
