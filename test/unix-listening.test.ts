import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { lookAt, opensToOthers } from '../suites/listeners/mode-watch.js';
import { listeningUnixPaths } from '../suites/listeners/unix-listening.js';

/**
 * What listen.unix.mode-from-start's watch rests on (suites/listeners/mode-watch.ts): a socket is
 * listed as listening by /proc/net/unix exactly while a server listens on it, whatever its name; a
 * look reports listening only for a mode that lets others write, and never for a path that is no
 * listening socket.
 */

const listen = (path: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject).listen(path, () => resolve(server));
  });
const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

/** Socket names as a suite generates them, with the characters a path may hold besides (spaces too: /proc/net/unix prints the path raw). */
const socketName = fc.stringMatching(/^[a-z0-9][a-z0-9 ._-]{0,20}$/).map((name) => `${name}.sock`);
const modeBits = fc.integer({ min: 0, max: 0o777 });

t.test('a socket is listed as listening while a server listens on it, and not before or after', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-listening-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  await fc.assert(
    fc.asyncProperty(socketName, async (name) => {
      const path = join(dir, name);
      if (listeningUnixPaths().has(path)) return false;
      const server = await listen(path);
      try {
        if (!listeningUnixPaths().has(path)) return false;
      } finally {
        await close(server);
      }
      return !listeningUnixPaths().has(path);
    }),
    { numRuns: 40 },
  );
});

t.test('a look says listening only for a listening socket whose mode lets others write', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-listening-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'ctc.sock');
  const server = await listen(path);
  t.teardown(() => close(server));
  const file = join(dir, 'ctc-file');
  writeFileSync(file, '');
  await fc.assert(
    fc.asyncProperty(modeBits, async (mode) => {
      chmodSync(path, mode);
      chmodSync(file, mode);
      const socket = lookAt(path);
      const plain = lookAt(file);
      const expected = opensToOthers(mode) ? true : null;
      return (
        socket.mode !== null && (socket.mode & 0o777) === mode && socket.listening === expected && plain.listening === (opensToOthers(mode) ? false : null)
      );
    }),
    { numRuns: 60 },
  );
  t.same(lookAt(join(dir, 'absent.sock')), { mode: null, uid: null, gid: null, listening: null }, 'an absent path');
});
