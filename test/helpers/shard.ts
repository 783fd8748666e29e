import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Long test files are split into shards (`<name>-<k>-of-<n>.test.ts`) so that tap, which runs files
 * in name order two at a time, has no single file to wait for at the end. Items go round-robin, so
 * each shard gets a share of every kind (in-process and process-only, each area).
 */
export function shardOf<T>(items: readonly T[], shard: number, of: number): T[] {
  if (!Number.isInteger(of) || of < 1 || !Number.isInteger(shard) || shard < 1 || shard > of) throw new RangeError(`shard ${shard} of ${of}: shards are numbered 1..${of}`);
  return items.filter((_, index) => index % of === shard - 1);
}

/** "self-test-2-of-3.test.js" → { shard: 2, of: 3 }: a shard file names its place. */
export function shardFromFile(url: string): { shard: number; of: number } {
  const match = /-(\d+)-of-(\d+)\.test\.[jt]s$/.exec(url);
  if (match === null) throw new Error(`${url}: a shard file is named <name>-<k>-of-<n>.test.ts`);
  return { shard: Number(match[1]), of: Number(match[2]) };
}

/** The shards of `<prefix>-<k>-of-<n>.test.js` present beside `url`'s file: { of, shards found }. */
export function shardFilesBeside(url: string, prefix: string): { of: number[]; shards: number[] } {
  const pattern = new RegExp(`^${prefix}-\\d+-of-\\d+\\.test\\.js$`);
  const found = readdirSync(dirname(fileURLToPath(url))).filter((name) => pattern.test(name)).map(shardFromFile);
  return { of: [...new Set(found.map((s) => s.of))], shards: found.map((s) => s.shard).sort((a, b) => a - b) };
}
