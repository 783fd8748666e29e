import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A real dockerd placed on this machine by scripts/provision-daemons.sh. */
export interface ProvisionedDaemon {
  readonly release: string;
  readonly path: string;
}

export const DAEMON_CACHE = process.env['CTR_DAEMON_CACHE'] ?? '/var/cache/ctr-conformance/daemons';

/**
 * The daemons listed in `<cache>/daemons.tsv` ("<release>\t<path>" lines) that are executable,
 * and a sentence for each one, or for the whole list, that cannot be used.
 */
export function provisionedDaemons(cache = DAEMON_CACHE): { daemons: ProvisionedDaemon[]; problems: string[] } {
  const list = join(cache, 'daemons.tsv');
  let text: string;
  try {
    text = readFileSync(list, 'utf8');
  } catch (error) {
    return {
      daemons: [],
      problems: [`${list} is unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)}): run scripts/provision-daemons.sh as root`],
    };
  }
  const daemons: ProvisionedDaemon[] = [];
  const problems: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [release, path] = line.split('\t');
    if (release === undefined || path === undefined) {
      problems.push(`${list}: malformed line ${JSON.stringify(line)}`);
      continue;
    }
    try {
      accessSync(path, constants.X_OK);
      daemons.push({ release, path });
    } catch {
      problems.push(`dockerd ${release}: ${path} is not an executable file`);
    }
  }
  return { daemons, problems };
}
