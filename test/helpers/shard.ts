import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';

/**
 * Long test files are split into shards (`<name>-<k>-of-<n>.test.ts`) so that tap, which runs files
 * in name order two at a time, has no single file to wait for at the end. Items go round-robin, so
 * each shard gets a share of every kind (in-process and process-only, each area).
 */
export function shardOf<T>(items: readonly T[], shard: number, of: number): T[] {
  if (!Number.isInteger(of) || of < 1 || !Number.isInteger(shard) || shard < 1 || shard > of)
    throw new RangeError(`shard ${shard} of ${of}: shards are numbered 1..${of}`);
  return items.filter((_, index) => index % of === shard - 1);
}

/** "self-test-2-of-3.test.js" → { shard: 2, of: 3 }: a shard file names its place. */
export function shardFromFile(url: string): { shard: number; of: number } {
  const match = /-(\d+)-of-(\d+)\.test\.[jt]s$/.exec(url);
  if (match === null) throw new Error(`${url}: a shard file is named <name>-<k>-of-<n>.test.ts`);
  return { shard: Number(match[1]), of: Number(match[2]) };
}

/**
 * The shard files `<prefix>-<k>-of-<n>.test.js` beside `url`'s file: they agree on n, none is
 * missing, and together they take every item exactly once (a lost shard file would drop checks).
 */
export function checkShardsCover<T extends { readonly id: string }>(
  t: Test,
  url: string,
  prefix: string,
  items: readonly T[],
  pick: (shard: number, of: number) => readonly T[] = (shard, of) => shardOf(items, shard, of),
): void {
  const found = readdirSync(dirname(fileURLToPath(url)))
    .filter((name) => new RegExp(`^${prefix}-\\d+-of-\\d+\\.test\\.js$`).test(name))
    .map(shardFromFile);
  const of = [...new Set(found.map((s) => s.of))];
  t.equal(of.length, 1, `${prefix}: the shards agree on their number (${of.join(', ')})`);
  const count = of[0] ?? 0;
  t.same(
    found.map((s) => s.shard).sort((a, b) => a - b),
    Array.from({ length: count }, (_, i) => i + 1),
    `${prefix}: one file per shard, none missing`,
  );
  const covered = Array.from({ length: count }, (_, i) => pick(i + 1, count)).flat();
  t.same(covered.map((item) => item.id).sort(), items.map((item) => item.id).sort(), `${prefix}: every item in exactly one shard`);
}
