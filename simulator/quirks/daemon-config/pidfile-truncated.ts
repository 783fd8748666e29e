import { writeFileSync } from 'node:fs';
import { PIDFILE_MODE } from '../../daemon/pidfile.js';

/** Hypothetical quirk: the PID file is opened for writing (truncated) before the PID it holds is read: the running daemon's PID is lost, and a second daemon given its PID file starts. */
export const ID = 'hypothetical.config.multiple-daemons.pidfile-truncated';

/** Truncates the PID file as the quirk's open does (a file that cannot be opened is left to the claim to report). */
export function truncate(path: string): void {
  try {
    writeFileSync(path, '', { flag: 'w', mode: PIDFILE_MODE });
  } catch {
    // claimPidfile words the failure.
  }
}
