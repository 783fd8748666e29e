import { basename } from 'node:path';
import { configPath } from '../targets/config-file.js';

/** The name of the configuration file every started daemon is given; messages about it name it. */
export const CONFIG_FILE_NAME = basename(configPath('/'));

/**
 * The keys a refusal lists as directives that match no option, as a set (the real daemons list
 * them in Go map order); null when the output has no such list.
 */
export function unknownKeysIn(output: string): Set<string> | null {
  const match = /match any configuration option:?[ \t]*([^\n]*)/.exec(output);
  if (match === null) return null;
  const list = (match[1] ?? '').trim().replace(/\.$/, '');
  return new Set(list.split(/,\s*/).filter((k) => k !== ''));
}
