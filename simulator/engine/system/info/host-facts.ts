import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, hostname, machine, release, totalmem } from 'node:os';

/** What /info says of the machine, read as the daemon reads it. */
export interface HostFacts {
  readonly name: string;
  readonly kernelVersion: string;
  readonly operatingSystem: string;
  readonly osVersion: string;
  readonly architecture: string;
  readonly ncpu: number;
  readonly memTotal: number;
  readonly cgroupVersion: '1' | '2';
}

export interface HostSources {
  readonly osReleasePath: string;
  /** Present on a cgroups v2 (unified) host only. */
  readonly cgroupControllersPath: string;
}

const HOST_SOURCES: HostSources = { osReleasePath: '/etc/os-release', cgroupControllersPath: '/sys/fs/cgroup/cgroup.controllers' };

export function readHostFacts(sources: HostSources = HOST_SOURCES): HostFacts {
  const osRelease = parseOsRelease(sources.osReleasePath);
  return {
    name: hostname(),
    kernelVersion: release(),
    operatingSystem: osRelease['PRETTY_NAME'] ?? 'Linux',
    osVersion: osRelease['VERSION_ID'] ?? '',
    architecture: machine(),
    ncpu: availableParallelism(),
    memTotal: totalmem(),
    cgroupVersion: existsSync(sources.cgroupControllersPath) ? '2' : '1',
  };
}

function parseOsRelease(path: string): Record<string, string> {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match !== null) fields[match[1]!] = match[2]!.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return fields;
}

/** Open file descriptors of this process (NFd), 0 where /proc is not there. */
export function openFileCount(): number {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return 0;
  }
}
