import { closeSync, openSync, readSync } from 'node:fs';
import { HOST_PLATFORM, type ImagePlatform } from '../objects/index.js';

/**
 * The CPU flags (as Linux lists them in /proc/cpuinfo) each x86-64 level needs, as
 * go-archvariant's AMD64Variant checks them with cpuid: v2, then v3 (the kernel lists AVX only
 * where the OS saves its state, and XSAVE where it enables OSXSAVE), then v4.
 */
const LEVELS: readonly (readonly [level: string, flags: readonly string[]])[] = [
  ['v2', ['pni', 'ssse3', 'cx16', 'sse4_1', 'sse4_2', 'popcnt', 'lahf_lm']],
  ['v3', ['fma', 'movbe', 'xsave', 'avx', 'f16c', 'bmi1', 'avx2', 'bmi2', 'abm']],
  ['v4', ['avx512f', 'avx512dq', 'avx512cd', 'avx512bw', 'avx512vl']],
];

/** The most of /proc/cpuinfo read: its first processor's flags come within the first few kilobytes. */
const CPUINFO_LIMIT = 64 * 1024;

function cpuFlags(): ReadonlySet<string> {
  let text = '';
  try {
    const fd = openSync('/proc/cpuinfo', 'r');
    try {
      const buffer = Buffer.alloc(CPUINFO_LIMIT);
      text = buffer.subarray(0, readSync(fd, buffer, 0, CPUINFO_LIMIT, null)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return new Set();
  }
  const line = /^flags\s*:(.*)$/m.exec(text)?.[1] ?? '';
  return new Set(line.trim().split(/\s+/));
}

let detected: string | undefined;

/** The machine's x86-64 level ("v1" to "v4"), read once. */
function amd64Level(): string {
  if (detected !== undefined) return detected;
  const flags = cpuFlags();
  let level = 'v1';
  for (const [next, needed] of LEVELS) {
    if (!needed.every((flag) => flags.has(flag))) break;
    level = next;
  }
  detected = level;
  return level;
}

/** The platform moby detects for the host (maximumSpec, hostPlatformSpec): linux/amd64 with the CPU's level as its variant. */
export const detectedHostPlatform = (): ImagePlatform => ({ ...HOST_PLATFORM, variant: amd64Level() });
