import { TargetError } from '../target.js';

/**
 * The command that runs a podman in private mount and network namespaces: loopback only, so that
 * no container network Podman might set up (its bridge, firewall rules, /run/netns) reaches the
 * machine; tmpfs over /run (the runtime's and the network's state) and /var/lib (where rootful
 * Podman keeps its blob-info cache whatever --root says, /var/lib/containers/cache, and CNI its
 * leases). Mounts made in there (the containers' /dev/shm) vanish with the namespace, that is
 * when the service, its conmons and their containers have all ended.
 */
const HOST = ['set -e', 'ip link set lo up', 'mount -t tmpfs tmpfs /run', 'mount -t tmpfs tmpfs /var/lib', 'exec "$@"'];

/**
 * The same for a podman kept in a root of its own (scripts/provision-podman-root.sh): in the
 * namespace, the root bound onto itself, read-only (containers/storage makes "/" a private mount
 * before it applies a layer, which fails with EINVAL where "/" is no mount point; nothing of a run
 * is written into the root), tmpfs over its /run, /var/lib and /tmp, a fresh /proc, the
 * machine's /sys (its cgroup hierarchies, where the cgroupfs manager makes the containers' groups)
 * and /dev bound in, and the run directory bound at its own path, so that every path on the
 * command line and in the configuration files means the same inside and out; then chroot. $1 is
 * the root, $2 the run directory, $3 a cgroup v2 hierarchy to bind at the root's /sys/fs/cgroup
 * (empty: the machine's, as it is).
 */
const IN_ROOT = [
  'set -e',
  'r=$1 dir=$2 cgroups=$3',
  'shift 3',
  'ip link set lo up',
  'mount --bind "$r" "$r"',
  'mount -o remount,bind,ro "$r"',
  'mount -t tmpfs tmpfs "$r/run"',
  'mount -t tmpfs tmpfs "$r/var/lib"',
  'mount -t tmpfs tmpfs "$r/tmp"',
  'mount -t proc proc "$r/proc"',
  'mount --rbind /sys "$r/sys"',
  '[ -z "$cgroups" ] || mount --bind "$cgroups" "$r/sys/fs/cgroup"',
  'mount --rbind /dev "$r/dev"',
  'mkdir -p "$r$dir"',
  'mount --bind "$dir" "$r$dir"',
  'exec chroot "$r" "$@"',
];

/**
 * Before the namespaces: the shell moves itself into the cgroup delegated to the service ($1), so
 * that the cgroup namespace unshare then makes has that group as its root. Podman, seeing
 * processes in what it takes for the root of the hierarchy, moves them into a child group: only
 * its own, never the machine's (without this, Podman 6 moved every process of the machine's v2
 * hierarchy, PID 1's included, into /init).
 */
const ENTER_CGROUP = ['set -e', 'echo $$ > "$1/cgroup.procs"', 'shift', 'exec "$@"'];

/**
 * unshare and the shell line before the podman path: `podman` runs as is, or, with a root, in it
 * (with `cgroups`, the cgroup v2 group delegated to it, shown at /sys/fs/cgroup as the root of
 * its own cgroup namespace; null: the machine's hierarchies). The run directory must lie under
 * /tmp, so that the point it is bound at is made in the root's tmpfs.
 */
export function namespaceCommand(path: string, root: string | null, dir: string, cgroups: string | null = null): string[] {
  const unshare = ['unshare', '-m', '-n', ...(cgroups === null ? [] : ['-C']), '--', '/bin/sh', '-c'];
  if (root === null) {
    if (cgroups !== null) throw new TargetError('TARGET_START', `a podman on the machine's own root sees the machine's cgroups, not ${cgroups}`);
    return [...unshare, HOST.join('\n'), 'ctc-podman', path];
  }
  if (!dir.startsWith('/tmp/')) throw new TargetError('TARGET_START', `a podman in a root needs its run directory under /tmp, not ${dir}`);
  const inRoot = [...unshare, IN_ROOT.join('\n'), 'ctc-podman', root, dir, cgroups ?? '', path];
  return cgroups === null ? inRoot : ['/bin/sh', '-c', ENTER_CGROUP.join('\n'), 'ctc-podman-cgroup', cgroups, ...inRoot];
}
