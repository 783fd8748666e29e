import { accessSync, constants } from 'node:fs';
import t, { type Test } from 'tap';
import { join } from 'node:path';
import { DAEMON_CACHE, provisionedDaemons, type ProvisionedDaemon } from '../../suites/targets/provisioned-daemons.js';

/** The dockerd releases scripts/provision-daemons.sh placed on this machine, or why there are none. */
export function realDaemons(): { daemons: ProvisionedDaemon[]; missing: string | null } {
  const { daemons, problems } = provisionedDaemons();
  return problems.length > 0 ? { daemons: [], missing: problems.join('; ') } : { daemons, missing: null };
}

/** In CI a missing real daemon is a failure; elsewhere a skip with a visible reason. */
export const inCI = (): boolean => process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

/**
 * Releases scripts/provision-daemons.sh installs without listing them among the daemons every
 * comparison test runs on (CI's time): the agreement test and the tests that name them use them.
 */
const INSTALLED_UNLISTED = ['29.7'];

/** The daemon of an installed release, listed or not (INSTALLED_UNLISTED), or why there is none. */
export function installedDaemon(release: string): { daemon: ProvisionedDaemon } | { missing: string } {
  const found = realDaemons();
  const listed = found.daemons.find((d) => d.release === release);
  if (listed !== undefined) return { daemon: listed };
  if (INSTALLED_UNLISTED.includes(release)) {
    const path = join(DAEMON_CACHE, release, 'dockerd');
    try {
      accessSync(path, constants.X_OK);
      return { daemon: { release, path } };
    } catch {
      return { missing: `${path} is not installed: run scripts/provision-daemons.sh as root` };
    }
  }
  return { missing: found.missing ?? `dockerd ${release} is not provisioned: run scripts/provision-daemons.sh as root` };
}

/**
 * The test `name` on the installed dockerd `release` (listed or not); where it is missing, a failure
 * in CI and elsewhere a skip that says why.
 */
export function testOnInstalled(release: string, name: string, body: (t: Test, daemon: ProvisionedDaemon) => Promise<void>): void {
  const found = installedDaemon(release);
  if ('daemon' in found) t.test(name, (t) => body(t, found.daemon));
  else if (inCI()) t.fail(`the real dockerd ${release} is required in CI: ${found.missing}`);
  else t.test(name, { skip: `no dockerd ${release}: ${found.missing}` }, async () => {});
}
