import { randomBytes } from 'node:crypto';
import type { Container } from './store.js';

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
  /** When the container started the run the exec belongs to. */
  readonly startedAt: bigint | null;
}

/**
 * The exec instances, by ID, in the order they were made. A container's go with its exit or its
 * removal (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2: after a stop, its execs are not found):
 * an exec lives while its container runs the run it was made in.
 */
export class ExecStore {
  private readonly byId = new Map<string, ExecInstance>();

  constructor(private readonly containerOf: (id: string) => Container | undefined) {}

  private live(exec: ExecInstance): boolean {
    const container = this.containerOf(exec.containerId);
    const alive = container !== undefined && container.state === 'running' && container.startedAt === exec.startedAt;
    if (!alive) this.byId.delete(exec.id);
    return alive;
  }

  add(made: Omit<ExecInstance, 'id'>): ExecInstance {
    const exec = { ...made, id: randomBytes(32).toString('hex') };
    this.byId.set(exec.id, exec);
    return exec;
  }

  /** By its whole ID only (moby's exec store has no prefix lookup). */
  get(id: string): ExecInstance | undefined {
    const exec = this.byId.get(id);
    return exec !== undefined && this.live(exec) ? exec : undefined;
  }

  /** The IDs of a container's exec instances, in the order they were made. */
  idsOf(containerId: string): string[] {
    return [...this.byId.values()].filter((exec) => exec.containerId === containerId && this.live(exec)).map((exec) => exec.id);
  }
}
