import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { claimPidfile, releasePidfile } from '../simulator/daemon/pidfile.js';
import { truncatePidfile as truncate } from '../simulator/daemon/pidfile.js';
import { BRANDS } from '../specs/brands.js';

/**
 * Issue 41: ctrd-sim's PID file is created 0644 as dockerd's (os.WriteFile(path, pid, 0o644)): the
 * umask narrows it and never widens it. Under umask 000 it was 0666, writable by anyone.
 */
const dir = mkdtempSync('/tmp/ctc-pidfile-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const modeOf = (path: string): number => statSync(path).mode & 0o777;

t.test('the PID file is 0644 under umask 000 and 022, and narrower under 077', async (t) => {
  const before = process.umask();
  t.teardown(() => process.umask(before));
  for (const [umask, mode] of [
    [0o000, 0o644],
    [0o022, 0o644],
    [0o077, 0o600],
  ] as const) {
    process.umask(umask);
    const path = join(dir, `d-${umask.toString(8)}.pid`);
    claimPidfile(path, process.pid, BRANDS.ctr);
    t.equal(modeOf(path).toString(8), mode.toString(8), `umask ${umask.toString(8).padStart(3, '0')}`);
    releasePidfile(path);
    // The quirk that truncates the file first creates it with the same mode.
    const truncated = join(dir, `q-${umask.toString(8)}.pid`);
    truncate(truncated);
    t.equal(modeOf(truncated).toString(8), mode.toString(8), `umask ${umask.toString(8).padStart(3, '0')}, truncated first`);
  }
});
