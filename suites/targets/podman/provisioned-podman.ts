import { accessSync, constants, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** A provisioned Podman: its release series ("4.3"), its path as the machine sees it, and the root it runs in (null: the machine's own). */
export interface ProvisionedPodman {
  readonly release: string;
  readonly path: string;
  readonly root: string | null;
}

/** The Podman builds `<cache>/podman.tsv` lists ("<release>\t<path>[\t<root>]" lines) that are executable. */
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
    .filter((cols): cols is [string, string, ...string[]] => cols.length >= 2 && cols[0] !== '' && executable(cols[1]!))
    .map(([release, path, root]) => ({ release, path, root: root === undefined || root === '' ? null : root }));
}

/** The podman a spec names: the path to run (inside the root, where there is one), the root, and the release where provisioning says it. */
export interface PodmanInstall {
  readonly path: string;
  readonly root: string | null;
  readonly release: string | null;
}

/** A provisioned Podman as the target runs it: a path inside its root. */
const installOf = ({ release, path, root }: ProvisionedPodman): PodmanInstall => ({ release, root, path: root === null ? path : `/${relative(root, path)}` });

/** The release a `podman@R` spec names, or null. */
const podmanRelease = (spec: string): string | null => (spec.startsWith('podman@') ? spec.slice('podman@'.length) : null);

/**
 * The podman a spec names: `podman:PATH` that path (run in the root provisioning made for it, if
 * any), `podman@R` the provisioned release R (`podman@5.4`), `podman` the first provisioned one or
 * /usr/bin/podman. A missing one is TARGET_NOT_PROVISIONED, naming the script that installs it.
 */
export function podmanInstall(spec: string, cache = DAEMON_CACHE): PodmanInstall {
  const provisioned = provisionedPodmans(cache);
  const given = spec.startsWith('podman:') ? spec.slice('podman:'.length) : '';
  if (given !== '') {
    if (!executable(given)) throw new TargetError('TARGET_SPEC', `${given} is not an executable file`);
    const known = provisioned.find((p) => p.path === given);
    return known === undefined ? { path: given, root: null, release: null } : installOf(known);
  }
  const release = podmanRelease(spec);
  if (release !== null) {
    const known = provisioned.find((p) => p.release === release);
    if (known !== undefined) return installOf(known);
    const listed = provisioned.map((p) => p.release).join(', ') || 'none';
    throw new TargetError('TARGET_NOT_PROVISIONED', `Podman ${release} is not provisioned (${join(cache, 'podman.tsv')} lists ${listed}); ${HOW}`);
  }
  const first = provisioned[0];
  if (first !== undefined) return installOf(first);
  if (executable(SYSTEM_PODMAN)) return { path: SYSTEM_PODMAN, root: null, release: null };
  throw new TargetError('TARGET_NOT_PROVISIONED', `podman is not provisioned: no ${SYSTEM_PODMAN} and no ${join(cache, 'podman.tsv')}; ${HOW}`);
}
