import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: several Host headers with one and the same value are merged into one (as a lenient header reader does) and served; only different values are refused. */
export const EQUAL_HOSTS_MERGED = 'hypothetical.api.http.host-header.equal-hosts-merged';
export const equalHostsMerged: QuirkModule = {
  where: 'simulator/quirks/api-versioning/equal-hosts-merged.ts; the branch in simulator/http/middleware/host-header.ts (requireHost)',
};

/** Whether every Host header of the raw header list has the same value. */
export function hostsAllEqual(raw: readonly string[], isHost: (name: string) => boolean): boolean {
  const values = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) if (isHost(raw[i]!)) values.add(raw[i + 1]!);
  return values.size === 1;
}
