import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAEMON_CACHE } from '../provisioned-daemons.js';
import { TargetError } from '../target.js';

/** Where Debian's package puts it. */
export const SYSTEM_PODMAN = '/usr/bin/podman';

const HOW = 'run scripts/provision-podman.sh as root (scripts/provision.sh does)';

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A provisioned Podman: its release series ("4.3") and path. */
export interface ProvisionedPodman {
  readonly release: string;
  readonly path: string;
}

/** The Podman builds `<cache>/podman.tsv` lists ("<release>\t<path>" lines) that are executable. */
export function provisionedPodmans(cache = DAEMON_CACHE): ProvisionedPodman[] {
  let text = '';
  try {
    text = readFileSync(join(cache, 'podman.tsv'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((cols): cols is [string, string] => cols.length >= 2 && cols[0] !== '' && executable(cols[1]!))
    .map(([release, path]) => ({ release, path }));
}

/**
 * The podman a spec names: `podman:PATH` that path, `podman` the first provisioned one or
 * /usr/bin/podman. A missing one is TARGET_NOT_PROVISIONED, naming the script that installs it.
 */
export function podmanPath(spec: string, cache = DAEMON_CACHE): string {
  const given = spec.startsWith('podman:') ? spec.slice('podman:'.length) : '';
  if (given !== '') {
    if (!executable(given)) throw new TargetError('TARGET_SPEC', `${given} is not an executable file`);
    return given;
  }
  const path = provisionedPodmans(cache)[0]?.path ?? (executable(SYSTEM_PODMAN) ? SYSTEM_PODMAN : undefined);
  if (path === undefined)
    throw new TargetError('TARGET_NOT_PROVISIONED', `podman is not provisioned: no ${SYSTEM_PODMAN} and no ${join(cache, 'podman.tsv')}; ${HOW}`);
  return path;
}
