import { jsonTypeWord } from '../../config/file/go-values.js';
import { join } from 'node:path';
import type { FsEntry } from '../objects/index.js';
import { goJsonDecodeFirst, isSpace } from '../go-json.js';

/** An archive in a form the simulator does not load (a legacy image, a manifest naming files it lacks). */
export const BAD_ARCHIVE = 'ctrd-sim: the archive is not in the save format (manifest.json, config documents, layer tars)';

export interface ManifestEntry {
  readonly Config: string;
  readonly RepoTags: readonly string[];
  readonly Layers: readonly string[];
}

/** A file read with Go's json.Decoder: its first value, or the decoder's error ("EOF" for nothing but spaces). */
function goDecode(bytes: Buffer): { readonly value: unknown } | { readonly error: string } {
  if (bytes.every(isSpace)) return { error: 'EOF' };
  return goJsonDecodeFirst(bytes);
}

/**
 * What moby's tarexport finds in an unpacked archive (its temporary directory `temp`): the
 * manifest.json entries, or the error that ends the load. Without manifest.json it loads the
 * legacy format: every top-level directory (in name order) is an image whose `json` it opens,
 * then the `repositories` file; the simulator does not load legacy images, so past those files'
 * own errors it answers BAD_ARCHIVE. Observed on 20.10.24, 26.1.5 and 28.5.2 (missing files,
 * manifest.json or repositories that are no JSON, in Go's words).
 */
export function readSaveArchive(entries: readonly FsEntry[], temp: string): { readonly manifest: readonly ManifestEntry[] } | { readonly error: string } {
  const files = new Map(entries.filter((entry) => entry.type === 'file').map((entry) => [entry.path, entry.content]));
  const manifest = files.get('/manifest.json');
  if (manifest === undefined) return legacyError(entries, files, temp);
  const decoded = goDecode(manifest);
  if ('error' in decoded) return decoded;
  if (decoded.value === null) return { manifest: [] };
  if (!Array.isArray(decoded.value)) return { error: `json: cannot unmarshal ${jsonTypeWord(decoded.value)} into Go value of type []tarexport.manifestItem` };
  return {
    manifest: decoded.value.map((entry: Record<string, unknown>) => ({
      Config: String(entry?.['Config'] ?? ''),
      RepoTags: Array.isArray(entry?.['RepoTags']) ? entry['RepoTags'].map(String) : [],
      Layers: Array.isArray(entry?.['Layers']) ? entry['Layers'].map(String) : [],
    })),
  };
}

function legacyError(entries: readonly FsEntry[], files: ReadonlyMap<string, Buffer>, temp: string): { readonly error: string } {
  // Directories: those the archive names and those its deeper entries imply.
  const dirs = new Set<string>();
  for (const entry of entries) {
    const parts = entry.path.split('/').filter((part) => part !== '');
    if (parts.length > 1 || (entry.type === 'directory' && parts.length === 1)) dirs.add(parts[0]!);
  }
  const first = [...dirs].sort()[0];
  if (first !== undefined)
    return files.has(`/${first}/json`) ? { error: BAD_ARCHIVE } : { error: `open ${join(temp, first, 'json')}: no such file or directory` };
  const repositories = files.get('/repositories');
  if (repositories === undefined) return { error: `open ${join(temp, 'repositories')}: no such file or directory` };
  const decoded = goDecode(repositories);
  if ('error' in decoded) return decoded;
  return { error: BAD_ARCHIVE };
}
