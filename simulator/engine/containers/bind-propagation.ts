import { realpathSync } from 'node:fs';
import { readInputFileSync } from '../../../common/bounded-file.js';
import { inputLimits } from '../../../common/limits.js';
import type { MountPoint } from './mount-points.js';

/**
 * A bind that propagates (moby's withMounts as it builds the OCI spec, the same in v20.10.24,
 * v26.1.5, v28.5.2 and docker-v29.7.2): `shared` or `rshared` needs the host mount its source lies
 * on to be shared (ensureShared), `slave` or `rslave` shared or a slave (ensureSharedOrSlave);
 * otherwise the start fails, "path <source> is mounted on <mount point> but it is not a shared
 * mount" (or "… a shared or slave mount"). A bind in the data root or holding it, which takes
 * rslave unless the create gave a propagation, falls back to private instead. The host's mounts
 * are this process's /proc/self/mountinfo, as the daemon reads its own.
 */

/** What ctrd-sim reads of /proc/self/mountinfo. */
const MOUNTINFO_LIMIT = 4 * 1024 * 1024;

interface HostMount {
  readonly mountPoint: string;
  /** The optional fields: `shared:N`, `master:N`, … separated by spaces. */
  readonly optional: string;
}

/** The kernel's octal escapes in a mount point (`\040` for a space). */
const unescaped = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));

/** /proc/self/mountinfo: each mount's point and optional fields, in the kernel's order. */
function hostMounts(): readonly HostMount[] {
  const text = readInputFileSync('/proc/self/mountinfo', { ...inputLimits({}), fileBytes: MOUNTINFO_LIMIT }).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const fields = line.split(' ');
      const separator = fields.indexOf('-', 6);
      return { mountPoint: unescaped(fields[4] ?? ''), optional: fields.slice(6, separator === -1 ? 6 : separator).join(' ') };
    });
}

/**
 * moby's getSourceMount: the source with its links resolved, the mounts whose point is a prefix of
 * it as a string (mountinfo.ParentsFilter), the first of the longest points.
 */
function sourceMount(source: string, mounts: readonly HostMount[]): HostMount | { readonly error: string } {
  let resolved: string;
  try {
    resolved = realpathSync(source);
  } catch {
    return { error: `lstat ${source}: no such file or directory` };
  }
  let found: HostMount | undefined;
  for (const mount of mounts) if (resolved.startsWith(mount.mountPoint) && mount.mountPoint.length > (found?.mountPoint.length ?? 0)) found = mount;
  return found ?? { error: `Can't find mount point of ${source}` };
}

const hasOption = (optional: string, ...prefixes: readonly string[]): boolean =>
  optional.split(' ').some((option) => prefixes.some((prefix) => option.startsWith(prefix)));

const SHARED = new Set(['shared', 'rshared']);
const SLAVE = new Set(['slave', 'rslave']);

/** The first bind, in the spec's order (fewest path components first), whose propagation the host's mounts refuse: the start's words, or null. */
export function propagationProblem(points: readonly MountPoint[], dataRoot: string): string | null {
  const binds = points.filter((point) => point.type === 'bind' && (SHARED.has(point.propagation) || SLAVE.has(point.propagation)));
  if (binds.length === 0) return null;
  const ordered = [...binds].sort((a, b) => a.destination.split('/').length - b.destination.split('/').length);
  const mounts = hostMounts();
  for (const point of ordered) {
    const shared = SHARED.has(point.propagation);
    const mount = sourceMount(point.hostPath, mounts);
    if ('error' in mount) return mount.error;
    if (hasOption(mount.optional, 'shared:', ...(shared ? [] : ['master:']))) continue;
    if (shared) return `path ${point.hostPath} is mounted on ${mount.mountPoint} but it is not a shared mount`;
    const inDataRoot = point.hostPath.startsWith(dataRoot) || dataRoot.startsWith(point.hostPath);
    if (inDataRoot && point.propagationGiven !== true) continue;
    return `path ${point.hostPath} is mounted on ${mount.mountPoint} but it is not a shared or slave mount`;
  }
  return null;
}
