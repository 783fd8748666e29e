import { raiseHint, type InputLimits } from '../common/limits.js';
import { InputError } from '../common/input-error.js';
import { BUNDLE_FILES } from './bundle-files.js';
import { isMissing, listBundle, readBundleFile, tooManyEntries } from './bundle-entries.js';
import { sha256 } from './bundle-manifest.js';
import { reason } from './preflight.js';

/** The files a manifest never lists: itself and its signature. */
const UNLISTED: readonly string[] = [BUNDLE_FILES.manifest, BUNDLE_FILES.signature];

/**
 * How the bundle in `dir` differs from the manifest's `listed` sums: each listed file changed,
 * missing or refused (a link, a FIFO, a directory, a device, a path leaving the bundle, a file over
 * the limit: named, never read), and each entry of the bundle the manifest does not list (never
 * opened). An empty list: every listed file is a regular file of the bundle with its sum, and
 * nothing else is there.
 */
export async function checkSums(dir: string, listed: Readonly<Record<string, string>>, limits: InputLimits): Promise<string[]> {
  const names = Object.keys(listed);
  if (names.length > limits.bundleEntries) return [`${BUNDLE_FILES.manifest}: lists ${tooManyEntries(names.length, limits)}: no file was read`];
  const problems: string[] = [];
  for (const name of names) {
    const sum = listed[name]!;
    let bytes: Buffer;
    try {
      bytes = await readBundleFile(dir, name, limits);
    } catch (error) {
      if (isMissing(error)) problems.push(`${name}: missing (the manifest lists it)`);
      else problems.push(`${name}: ${error instanceof InputError ? error.message : `cannot read it (${reason(error)})`}`);
      continue;
    }
    const actual = sha256(bytes);
    if (actual !== sum) problems.push(`${name}: changed (SHA-256 ${actual}, the manifest says ${sum})`);
  }
  let listing: Awaited<ReturnType<typeof listBundle>>;
  try {
    listing = await listBundle(dir, limits);
  } catch (error) {
    // A directory of the bundle that cannot be read: what it holds cannot be known, so nothing is said to be absent from it.
    return [...problems, `the bundle cannot be listed (${reason(error)}): files the manifest does not list cannot be looked for`];
  }
  if (listing.overflow)
    problems.push(`the bundle holds more than ${limits.bundleEntries} entries (${raiseHint('bundleEntries')}): those beyond were not looked at`);
  for (const [name, kind] of listing.entries) {
    if (kind === 'a directory' || UNLISTED.includes(name) || Object.hasOwn(listed, name)) continue;
    problems.push(`${name}: added (the manifest does not list it${kind === 'a regular file' ? '' : `; ${kind}, not read`})`);
  }
  return problems;
}
