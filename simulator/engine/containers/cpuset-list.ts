/** A cpuset list that moby's parseUintList refuses, with its words. */
export class CpusetListError extends Error {
  readonly code = 'cpuset-list';
}

/** Go's strconv.Atoi on a cpuset member: optional sign, decimal digits, within int64. */
function atoi(text: string, whole: string): number {
  if (!/^[+-]?\d+$/.test(text) || Math.abs(Number(text)) > 2 ** 63 - 1) throw new CpusetListError(`invalid format: ${whole}`);
  return Number(text);
}

/**
 * moby pkg/sysinfo parseUintList: "7", "1-6", "0,3-4,7" (duplicates allowed), members above
 * `maximum` refused. Throws CpusetListError in moby's words.
 */
export function parseUintList(list: string, maximum: number): Set<number> {
  const members = new Set<number>();
  if (list === '') return members;
  for (const part of list.split(',')) {
    const dash = part.indexOf('-');
    const [low, high] = dash < 0 ? [atoi(part, list), atoi(part, list)] : [atoi(part.slice(0, dash), list), atoi(part.slice(dash + 1), list)];
    if (high < low) throw new CpusetListError(`invalid format: ${list}`);
    if (maximum !== 0 && high > maximum) throw new CpusetListError(`value of out range, maximum is ${maximum}`);
    for (let member = low; member <= high; member++) members.add(member);
  }
  return members;
}

/** The normal maximum number of CPUs on Linux (moby's guard against huge lists, CVE-2018-20699). */
const DEFAULT_MAX_CPUS = 8192;

/** Whether every member of `requested` is in `available` (moby isCpusetListAvailable); throws CpusetListError. */
export function cpusetListAvailable(requested: string, available: string): boolean {
  const have = parseUintList(available, 0);
  const maximum = Math.max(DEFAULT_MAX_CPUS, ...have);
  return [...parseUintList(requested, maximum)].every((member) => have.has(member));
}
