import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { SimError } from '../errors.js';

/** sun_path holds 108 bytes on Linux, the terminating NUL included. */
export const UNIX_PATH_MAX = 108;

/**
 * Refuses a socket path the kernel cannot bind. Node would silently truncate it and listen
 * somewhere else; dockerd 20.10, 26.1 and 28.5 print (observed) `failed to load listeners: can't
 * create unix socket <path>: listen unix <path>: bind: invalid argument` and exit 1.
 */
export function checkUnixPath(path: string): void {
  if (Buffer.byteLength(path) >= UNIX_PATH_MAX) {
    throw new SimError('SIM_LISTEN', `failed to load listeners: can't create unix socket ${path}: listen unix ${path}: bind: invalid argument`);
  }
}

/** A socket file left by a daemon that died: removed before listening, as the daemon does. */
export function removeStaleSocket(path: string): void {
  try {
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch {
    // Nothing there: nothing to remove.
  }
}

/** srw-rw---- as on every observed release (the group is the daemon's group; the simulator keeps the caller's). */
export const restrictSocket = (path: string): void => chmodSync(path, 0o660);
