import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StartRequest } from './types.js';

/** The configuration file every started daemon reads: `daemon.json` in its private directory. */
export const configPath = (dir: string): string => join(dir, 'daemon.json');

/** The text of a configuration: a document as JSON, raw text as is, `{}` when absent. */
export const configText = (config: StartRequest['config']): string =>
  config === undefined ? '{}' : typeof config === 'string' ? config : JSON.stringify(config);

/** In place of the configuration file: a directory, a file no daemon can read (every release: "read …: is a directory"). */
export const UNREADABLE_CONFIG: unique symbol = Symbol('a directory where the configuration file should be');

/** What a running daemon's configuration file can be rewritten to. */
export type ConfigContent = NonNullable<StartRequest['config']> | typeof UNREADABLE_CONFIG;

/**
 * Writes the configuration file. In place for a running daemon: written next to it and renamed
 * over it, so a reload never reads half a file.
 */
export function writeConfigFile(dir: string, config: StartRequest['config'] | typeof UNREADABLE_CONFIG): void {
  const path = configPath(dir);
  if (isDirectory(path)) rmSync(path, { recursive: true, force: true });
  if (config === UNREADABLE_CONFIG) {
    rmSync(path, { force: true });
    mkdirSync(path);
    return;
  }
  const next = `${path}.next`;
  writeFileSync(next, configText(config));
  renameSync(next, path);
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};
