import { readFileSync } from 'node:fs';
import type { RuntimeSetting } from '../../config/file/settings.js';

/**
 * The runtimes-watched quirk's watcher (its row: simulator/daemon/start-variant.ts): rewritten
 * runtimes are registered without a signal (the rest waits for SIGHUP).
 */
/** How often the quirk's watcher looks at the file. */
export const WATCH_INTERVAL_MS = 50;

/** The runtimes the file at `path` lists now, or undefined when it cannot be read as JSON with a runtimes object. */
export function runtimesOfFile(path: string): Record<string, RuntimeSetting> | undefined {
  try {
    const doc: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const runtimes = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['runtimes'] : undefined;
    return typeof runtimes === 'object' && runtimes !== null && !Array.isArray(runtimes) ? (runtimes as Record<string, RuntimeSetting>) : undefined;
  } catch {
    return undefined;
  }
}
