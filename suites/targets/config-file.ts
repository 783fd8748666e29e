import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StartRequest } from './target.js';

/** The configuration file every started daemon reads: `daemon.json` in its private directory. */
export const configPath = (dir: string): string => join(dir, 'daemon.json');

/** The text of a configuration: a document as JSON, raw text as is, `{}` when absent. */
export const configText = (config: StartRequest['config']): string => (config === undefined ? '{}' : typeof config === 'string' ? config : JSON.stringify(config));

/**
 * Writes the configuration file. In place for a running daemon: written next to it and renamed
 * over it, so a reload never reads half a file.
 */
export function writeConfigFile(dir: string, config: StartRequest['config']): void {
  const path = configPath(dir);
  const next = `${path}.next`;
  writeFileSync(next, configText(config));
  renameSync(next, path);
}
