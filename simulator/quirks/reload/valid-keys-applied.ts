// Quirks hypothetical.reload.invalid.unchanged.valid-keys-applied and
// hypothetical.reload.conflict.unchanged.other-keys-applied: their rows are in simulator/reload/reload-variant.ts.
import type { SimConfig } from '../../config/types.js';
import type { ConfigSources } from '../../config/file/sources.js';
import type { ReloadedFile } from '../../reload/read.js';
import type { ReloadVariant } from '../../reload/reload-variant.js';

const CONFLICT = 'specified both as a flag and in the configuration file';

/**
 * The file as the hypothetical quirks of reload-variant.ts (otherKeysAppliedOnRefusal,
 * otherKeysAppliedOnConflict) read it after the real reading failed with `problem`: the JSON
 * object without the first key whose removal makes it readable, or null (not JSON, or no single
 * key to blame, or a problem the variant does not concern).
 */
export function readWithoutOneKey(
  config: SimConfig,
  sources: ConfigSources,
  problem: string,
  variant: Pick<ReloadVariant, 'otherKeysAppliedOnRefusal' | 'otherKeysAppliedOnConflict'>,
  read: (sources: ConfigSources) => ReloadedFile,
): ReloadedFile | null {
  const conflict = problem.includes(CONFLICT);
  if (!(conflict ? variant.otherKeysAppliedOnConflict : variant.otherKeysAppliedOnRefusal)) return null;
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
