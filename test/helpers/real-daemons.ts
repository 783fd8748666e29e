import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RealDaemon {
  readonly release: string;
  readonly path: string;
}

export const DAEMON_CACHE = process.env['CTR_DAEMON_CACHE'] ?? '/var/cache/ctr-conformance/daemons';

/** The dockerd releases scripts/provision-daemons.sh placed on this machine, or why there are none. */
export function realDaemons(): { daemons: RealDaemon[]; missing: string | null } {
  const list = join(DAEMON_CACHE, 'daemons.tsv');
  if (!existsSync(list)) return { daemons: [], missing: `${list} does not exist: run scripts/provision-daemons.sh (as root)` };
  const daemons = readFileSync(list, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [release = '', path = ''] = line.split('\t');
      return { release, path };
    });
  const absent = daemons.filter((d) => !existsSync(d.path));
  if (absent.length > 0) return { daemons: [], missing: `listed but absent: ${absent.map((d) => d.path).join(', ')}` };
  return { daemons, missing: null };
}

/** In CI a missing real daemon is a failure; elsewhere a skip with a visible reason. */
export const inCI = (): boolean => process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';
