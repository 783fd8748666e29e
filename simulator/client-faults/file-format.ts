import { extname } from 'node:path';

/** How a client-faults file is read. */
export type FaultsFileFormat = 'json' | 'yaml';

/**
 * By the file's name: `.yaml` or `.yml` is YAML, `.json` is JSON. Any other name (none, `.txt`,
 * `/dev/stdin`) is JSON when its first character other than white space is `{`, else YAML; so a
 * broken JSON file is still told what is wrong with its JSON.
 */
export function faultsFileFormat(file: string, text: string): FaultsFileFormat {
  const extension = extname(file).toLowerCase();
  if (extension === '.yaml' || extension === '.yml') return 'yaml';
  if (extension === '.json') return 'json';
  return /^\s*\{/.test(text) ? 'json' : 'yaml';
}
