import { randomBytes } from 'node:crypto';
import type { EventLog } from './events.js';

/** An exec instance a create made (moby container.ExecConfig): never started here, as ctrd-sim runs no process. */
export interface ExecInstance {
  readonly id: string;
  readonly containerId: string;
  readonly entrypoint: string;
  readonly args: readonly string[];
  readonly tty: boolean;
  readonly privileged: boolean;
  /** The request's user, else the container's. */
  readonly user: string;
  readonly openStdin: boolean;
  readonly openStdout: boolean;
  readonly openStderr: boolean;
  readonly detachKeys: Buffer;
}

/**
 * The exec instances, by ID, in the order they were made. A container's go with its exit or its
 * removal (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2: after a stop, its execs are not found).
 */
export class ExecStore {
  private readonly byId = new Map<string, ExecInstance>();

  constructor(events: EventLog) {
    events.subscribe((event) => {
      if (event.type === 'container' && (event.action === 'die' || event.action === 'destroy'))
        for (const exec of this.byId.values()) if (exec.containerId === event.actorId) this.byId.delete(exec.id);
    });
  }

  add(made: Omit<ExecInstance, 'id'>): ExecInstance {
    const exec = { ...made, id: randomBytes(32).toString('hex') };
    this.byId.set(exec.id, exec);
    return exec;
  }

  /** By its whole ID only (moby's exec store has no prefix lookup). */
  get(id: string): ExecInstance | undefined {
    return this.byId.get(id);
  }

  /** The IDs of a container's exec instances, in the order they were made. */
  idsOf(containerId: string): string[] {
    return [...this.byId.values()].filter((exec) => exec.containerId === containerId).map((exec) => exec.id);
  }
}
