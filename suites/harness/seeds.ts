/** The seed of one cell, derived from the run seed so that `--seed N --only rule@api` replays it. */
export function cellSeed(runSeed: number, rule: string, api: string | null): number {
  let hash = 0x811c9dc5;
  for (const char of `${rule}@${api ?? 'none'}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ runSeed) | 0;
}

/** A fresh run seed when none is given. */
export const freshSeed = (): number => (Math.random() * 0x7fffffff) | 0;
