import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The answers a connection still owes: requests node has handed over (pipelined ones too) whose responses have not closed. */
const owed = new WeakMap<Socket, Set<ServerResponse>>();

/** Counts `res` as owed on its connection until it closes (finished or cut). */
export function owe(socket: Socket, res: ServerResponse): void {
  const pending = owed.get(socket) ?? new Set<ServerResponse>();
  owed.set(socket, pending);
  pending.add(res);
  res.once('close', () => pending.delete(res));
}

/**
 * Runs `then` once every answer the connection owes has closed (at once when it owes none). Go's
 * server reads the next request only after answering the one before: a refusal of what follows a
 * request comes after that request's answer, never instead of it.
 */
export function afterOwedAnswers(socket: Socket, then: () => void): void {
  const pending = owed.get(socket);
  if (pending === undefined || pending.size === 0) return then();
  let left = pending.size;
  for (const res of pending) {
    res.once('close', () => {
      if (--left === 0) then();
    });
  }
}
