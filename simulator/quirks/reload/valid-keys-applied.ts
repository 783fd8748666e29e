import type { SimConfig } from '../../config/types.js';
import type { ConfigSources } from '../../config/file/sources.js';
import type { ReloadedFile } from '../../reload/read.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a file refused for one key is logged as refused, and its other keys are applied all the same. */
export const VALID_KEYS_APPLIED = 'hypothetical.reload.invalid.unchanged.valid-keys-applied';
/** Hypothetical: a file that repeats a start flag is logged as a conflict, and its other keys are applied all the same. */
export const OTHER_KEYS_APPLIED = 'hypothetical.reload.conflict.unchanged.other-keys-applied';

export const validKeysApplied: QuirkModule = { where: 'simulator/quirks/reload/valid-keys-applied.ts, called from simulator/reload/reload.ts' };
export const otherKeysApplied: QuirkModule = { where: 'simulator/quirks/reload/valid-keys-applied.ts, called from simulator/reload/reload.ts' };

const CONFLICT = 'specified both as a flag and in the configuration file';

/**
 * The file as the quirk reads it after the real reading failed with `problem`: the JSON object
 * without the first key whose removal makes it readable, or null (not JSON, or no single key to
 * blame, or a problem the quirk in effect does not concern).
 */
export function readWithoutOneKey(
  config: SimConfig,
  sources: ConfigSources,
  problem: string,
  read: (sources: ConfigSources) => ReloadedFile,
): ReloadedFile | null {
  const conflict = problem.includes(CONFLICT);
  if (!(conflict ? config.quirks.has(OTHER_KEYS_APPLIED) : config.quirks.has(VALID_KEYS_APPLIED))) return null;
  const path = config.configFile ?? config.names.configFile;
  let doc: unknown;
  try {
    doc = JSON.parse(sources.readFile(path) ?? '');
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  for (const key of Object.keys(doc)) {
    const { [key]: _dropped, ...rest } = doc as Record<string, unknown>;
    const text = JSON.stringify(rest);
    try {
      return read({ ...sources, readFile: () => text, readFileBytes: () => Buffer.from(text) });
    } catch {
      // Another key to blame.
    }
  }
  return null;
}
