import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** `manifest.json` of a certification bundle: the SHA-256 of every file of the bundle (paths relative to it). */
export interface Manifest {
  readonly format: 'ctr-conformance-manifest/1';
  readonly algorithm: 'sha256';
  readonly files: Readonly<Record<string, string>>;
}

export const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** The SHA-256 of every file under `dir` (any depth) but those `left` names, by path relative to `dir`, sorted. */
export async function sumsOf(dir: string, left: readonly string[]): Promise<Record<string, string>> {
  const sums: [string, string][] = [];
  for await (const path of filesUnder(dir)) {
    const name = relative(dir, path);
    if (!left.includes(name)) sums.push([name, sha256(await readFile(path))]);
  }
  return Object.fromEntries(sums.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export const manifestText = (files: Readonly<Record<string, string>>): string =>
  `${JSON.stringify({ format: 'ctr-conformance-manifest/1', algorithm: 'sha256', files } satisfies Manifest, null, 1)}\n`;

/** The manifest in `text`, or null when it is not one. */
export function parseManifest(text: string): Manifest | null {
  try {
    const doc = JSON.parse(text) as Partial<Manifest> | null;
    const files = doc?.files;
    const valid =
      doc?.format === 'ctr-conformance-manifest/1' &&
      doc.algorithm === 'sha256' &&
      typeof files === 'object' &&
      files !== null &&
      Object.values(files).every((sum) => typeof sum === 'string' && /^[0-9a-f]{64}$/.test(sum));
    return valid ? (doc as Manifest) : null;
  } catch {
    return null;
  }
}
