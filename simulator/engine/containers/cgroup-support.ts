import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * What the host's cgroups let a container limit, read as moby's pkg/sysinfo reads it, for the
 * controls whose support differs between hosts (the rest, memory, swap, CPU shares and CFS, PIDs,
 * are taken as present, as /info says). cgroups v1: a control is there when its file is in its
 * controller's mount; v2: the io controller gives every block I/O control, and there is no
 * kernel memory, swappiness or OOM-kill control.
 */
export interface CgroupSupport {
  readonly kernelMemory: boolean;
  readonly memorySwappiness: boolean;
  readonly oomKillDisable: boolean;
  readonly blkioWeight: boolean;
  readonly blkioWeightDevice: boolean;
  readonly blkioReadBps: boolean;
  readonly blkioWriteBps: boolean;
  readonly blkioReadIOps: boolean;
  readonly blkioWriteIOps: boolean;
  /** The CPUs and memory nodes a container may be pinned to, as the cgroup lists them ("0-1"). */
  readonly cpus: string;
  readonly mems: string;
  /** The CPUs the daemon may use (Go's runtime.NumCPU: the affinity mask). */
  readonly ncpu: number;
}

const ROOT = '/sys/fs/cgroup';

const readList = (path: string, fallback: string): string => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
};

export function readCgroupSupport(root: string = ROOT): CgroupSupport {
  const ncpu = availableParallelism();
  const allCpus = ncpu === 1 ? '0' : `0-${ncpu - 1}`;
  if (existsSync(`${root}/cgroup.controllers`)) {
    const controllers = readList(`${root}/cgroup.controllers`, '').split(/\s+/);
    const io = controllers.includes('io');
    return {
      kernelMemory: false,
      memorySwappiness: false,
      oomKillDisable: false,
      blkioWeight: io,
      blkioWeightDevice: io,
      blkioReadBps: io,
      blkioWriteBps: io,
      blkioReadIOps: io,
      blkioWriteIOps: io,
      cpus: readList(`${root}/cpuset.cpus.effective`, allCpus),
      mems: readList(`${root}/cpuset.mems.effective`, '0'),
      ncpu,
    };
  }
  const has = (controller: string, file: string): boolean => existsSync(`${root}/${controller}/${file}`);
  return {
    kernelMemory: has('memory', 'memory.kmem.limit_in_bytes'),
    memorySwappiness: has('memory', 'memory.swappiness'),
    oomKillDisable: has('memory', 'memory.oom_control'),
    blkioWeight: has('blkio', 'blkio.weight'),
    blkioWeightDevice: has('blkio', 'blkio.weight_device'),
    blkioReadBps: has('blkio', 'blkio.throttle.read_bps_device'),
    blkioWriteBps: has('blkio', 'blkio.throttle.write_bps_device'),
    blkioReadIOps: has('blkio', 'blkio.throttle.read_iops_device'),
    blkioWriteIOps: has('blkio', 'blkio.throttle.write_iops_device'),
    cpus: readList(`${root}/cpuset/cpuset.cpus`, allCpus),
    mems: readList(`${root}/cpuset/cpuset.mems`, '0'),
    ncpu,
  };
}

let seen: CgroupSupport | undefined;
/** The host's support, looked at once, on the first update. */
export const cgroupSupport = (): CgroupSupport => (seen ??= readCgroupSupport());
