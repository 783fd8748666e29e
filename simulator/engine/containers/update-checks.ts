import { ENGINE_MESSAGES } from '../messages.js';
import type { CgroupSupport } from './cgroup-support.js';
import { CpusetListError, cpusetListAvailable } from './cpuset-list.js';
import type { UpdateRequest } from './update-body.js';
import type { UpdateVariant } from './update-variant.js';

/** What moby's verifyContainerSettings says of an update: its warnings, a refusal (400) or null, and the resources as it leaves them. */
export interface UpdateVerdict {
  readonly warnings: string[];
  readonly refusal: string | null;
  readonly resources: Record<string, unknown>;
}

const MIN_MEMORY = 6 * 1024 * 1024;

/** The restart policy's refusal (validateHostConfig, before the resources), in the release's words, or null. */
export function restartPolicyProblem(policy: UpdateRequest['restartPolicy'], variant: UpdateVariant): string | null {
  const { Name: name, MaximumRetryCount: count } = policy;
  const old = variant.restartWords === 'old';
  switch (name) {
    case 'always':
    case 'unless-stopped':
    case 'no':
      if (count === 0) return null;
      if (old) return `maximum retry count cannot be used with restart policy '${name}'`;
      return `invalid restart policy: maximum retry count can only be used with 'on-failure'${count < 0 ? ' and cannot be negative' : ''}`;
    case 'on-failure':
      return count < 0 ? `${old ? '' : 'invalid restart policy: '}maximum retry count cannot be negative` : null;
    case '':
      return null;
    default:
      return old
        ? `invalid restart policy '${name}'`
        : `invalid restart policy: unknown policy '${name}'; use one of 'no', 'always', 'on-failure', or 'unless-stopped'`;
  }
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * moby verifyPlatformContainerResources for an update (`update` true: a swap limit without a
 * memory limit is taken), in its order; what the host cannot limit is discarded with a warning.
 */
function resourceVerdict(given: Readonly<Record<string, unknown>>, variant: UpdateVariant, host: CgroupSupport): UpdateVerdict {
  const r: Record<string, unknown> = { ...given };
  const warnings: string[] = [];
  const refuse = (refusal: string): UpdateVerdict => ({ warnings, refusal, resources: r });
  if (r['MemorySwappiness'] === -1) r['MemorySwappiness'] = null;
  const memory = num(r['Memory']);
  if (memory !== 0 && memory < MIN_MEMORY) return refuse('Minimum memory limit allowed is 6MB');
  if (memory > 0 && num(r['MemorySwap']) > 0 && num(r['MemorySwap']) < memory)
    return refuse('Minimum memoryswap limit should be larger than memory limit, see usage');
  if (r['MemorySwappiness'] !== null && !host.memorySwappiness) {
    warnings.push('Your kernel does not support memory swappiness capabilities or the cgroup is not mounted. Memory swappiness discarded.');
    r['MemorySwappiness'] = null;
  }
  const swappiness = r['MemorySwappiness'];
  if (typeof swappiness === 'number' && (swappiness < 0 || swappiness > 100))
    return refuse(`Invalid value: ${swappiness}, valid memory swappiness range is 0-100`);
  const reservation = num(r['MemoryReservation']);
  if (reservation > 0 && reservation < MIN_MEMORY) return refuse('Minimum memory reservation allowed is 6MB');
  if (memory > 0 && reservation > 0 && memory < reservation) return refuse('Minimum memory limit can not be less than memory reservation limit, see usage');
  if (num(r['KernelMemory']) > 0) {
    if (variant.kernelMemoryDeprecated) warnings.push(ENGINE_MESSAGES.kernelMemoryWarning);
    if (!host.kernelMemory) {
      warnings.push('Your kernel does not support kernel memory limit capabilities or the cgroup is not mounted. Limitation discarded.');
      r['KernelMemory'] = 0;
    }
    if (num(r['KernelMemory']) > 0 && num(r['KernelMemory']) < MIN_MEMORY) return refuse(ENGINE_MESSAGES.kernelMemoryTooSmall);
  }
  if (r['OomKillDisable'] !== null && !host.oomKillDisable) {
    if (r['OomKillDisable'] === true) warnings.push('Your kernel does not support OomKillDisable. OomKillDisable discarded.');
    r['OomKillDisable'] = null;
  }
  if (r['OomKillDisable'] === true && memory === 0)
    warnings.push('OOM killer is disabled for the container, but no memory limit is set, this can result in the system running out of resources.');
  const [nano, period, quota] = [num(r['NanoCpus']), num(r['CpuPeriod']), num(r['CpuQuota'])];
  if (nano > 0 && period > 0) return refuse('Conflicting options: Nano CPUs and CPU Period cannot both be set');
  if (nano > 0 && quota > 0) return refuse('Conflicting options: Nano CPUs and CPU Quota cannot both be set');
  if (nano < 0 || nano > host.ncpu * 1e9)
    return refuse(`${variant.cpuRangeWord} of CPUs is from 0.01 to ${host.ncpu}.00, as there are only ${host.ncpu} CPUs available`);
  if (period !== 0 && (period < 1000 || period > 1_000_000))
    return refuse('CPU cfs period can not be less than 1ms (i.e. 1000) or larger than 1s (i.e. 1000000)');
  if (quota > 0 && quota < 1000) return refuse('CPU cfs quota can not be less than 1ms (i.e. 1000)');
  if (num(r['CpuPercent']) > 0) {
    warnings.push('linux does not support CPU percent. Percent discarded.');
    r['CpuPercent'] = 0;
  }
  const cpusetRefusal = cpusetProblem(String(r['CpusetCpus'] ?? ''), String(r['CpusetMems'] ?? ''), host);
  if (cpusetRefusal !== null) return refuse(cpusetRefusal);
  if (num(r['BlkioWeight']) > 0 && !host.blkioWeight) {
    warnings.push('Your kernel does not support Block I/O weight or the cgroup is not mounted. Weight discarded.');
    r['BlkioWeight'] = 0;
  }
  const weight = num(r['BlkioWeight']);
  if (weight > 0 && (weight < 10 || weight > 1000)) return refuse('Range of blkio weight is from 10 to 1000');
  if (num(r['IOMaximumBandwidth']) !== 0 || num(r['IOMaximumIOps']) !== 0)
    return refuse('Invalid QoS settings: linux does not support Maximum IO Bandwidth or Maximum IO IOps');
  for (const [field, supported, words] of BLKIO_LIST_WARNINGS) {
    const list = r[field];
    if (!host[supported] && Array.isArray(list) && list.length > 0) {
      warnings.push(`Your kernel does not support ${words} or the cgroup is not mounted. ${DISCARDED[field]} discarded.`);
      r[field] = [];
    }
  }
  return { warnings, refusal: null, resources: r };
}

const BLKIO_LIST_WARNINGS: readonly (readonly [string, keyof CgroupSupport, string])[] = [
  ['BlkioWeightDevice', 'blkioWeightDevice', 'Block I/O weight_device'],
  ['BlkioDeviceReadBps', 'blkioReadBps', 'BPS Block I/O read limit'],
  ['BlkioDeviceWriteBps', 'blkioWriteBps', 'BPS Block I/O write limit'],
  ['BlkioDeviceReadIOps', 'blkioReadIOps', 'IOPS Block read limit'],
  ['BlkioDeviceWriteIOps', 'blkioWriteIOps', 'IOPS Block write limit'],
];

const DISCARDED: Readonly<Record<string, string>> = {
  BlkioWeightDevice: 'Weight-device',
  BlkioDeviceReadBps: 'Block I/O BPS read limit',
  BlkioDeviceWriteBps: 'Block I/O BPS write limit',
  BlkioDeviceReadIOps: 'Block I/O IOPS read limit',
  BlkioDeviceWriteIOps: 'Block I/O IOPS write limit',
};

function cpusetProblem(cpus: string, mems: string, host: CgroupSupport): string | null {
  for (const [requested, available, what, unavailable] of [
    [cpus, host.cpus, 'cpus', 'CPUs'],
    [mems, host.mems, 'mems', 'memory nodes'],
  ] as const) {
    try {
      if (!cpusetListAvailable(requested, available)) return `Requested ${unavailable} are not available - requested ${requested}, available: ${available}`;
    } catch (error) {
      if (error instanceof CpusetListError) return `Invalid value ${requested} for cpuset ${what}: ${error.message}`;
      throw error;
    }
  }
  return null;
}

/**
 * moby verifyContainerSettings for an update, whose host configuration holds only the resources
 * and the restart policy: the policy, the resources, then the platform's warnings (its network
 * mode is "", so the IPv4 forwarding warning applies). The warnings of a refusal are not answered.
 */
export function verifyUpdate(request: UpdateRequest, variant: UpdateVariant, host: CgroupSupport, forwarding: boolean): UpdateVerdict {
  const policyRefusal = restartPolicyProblem(request.restartPolicy, variant);
  if (policyRefusal !== null) return { warnings: [], refusal: policyRefusal, resources: request.resources };
  const verdict = resourceVerdict(request.resources, variant, host);
  if (verdict.refusal !== null || forwarding) return verdict;
  return { ...verdict, warnings: [...verdict.warnings, ENGINE_MESSAGES.forwardingOff] };
}
