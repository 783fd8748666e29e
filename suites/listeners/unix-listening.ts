import { readFileSync } from 'node:fs';

/** The kernel's __SO_ACCEPTCON in the Flags column of /proc/net/unix: the socket listens. */
const ACCEPTING = 0x10000;
/** A /proc/net/unix line: Num, RefCount, Protocol, Flags, Type, St, Inode, then one space and the path as bound (spaces and all). */
const LINE = /^\s*\S+\s+\S+\s+\S+\s+([0-9A-Fa-f]+)\s+\S+\s+\S+\s+\d+ (.+)$/;

/**
 * The paths of the unix sockets that listen, as this process's network namespace lists them
 * (/proc/net/unix). A bound socket that does not listen yet refuses every connection, whatever its
 * mode: only a listening one gives access.
 */
export function listeningUnixPaths(): Set<string> {
  const paths = new Set<string>();
  for (const line of readFileSync('/proc/net/unix', 'utf8').split('\n').slice(1)) {
    const [, flags, path] = LINE.exec(line) ?? [];
    if (flags !== undefined && path !== undefined && (Number.parseInt(flags, 16) & ACCEPTING) !== 0) paths.add(path);
  }
  return paths;
}
