import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Brand } from '../../specs/brands.js';
import type { Logger } from '../log.js';
import { formatGoDuration, PLUGIN_RETRIES, retryWaitMs } from './retry.js';

/** Where a plugin is reached: a unix socket path, or a TCP address from a spec file. */
export type PluginAddress = { readonly kind: 'unix'; readonly path: string } | { readonly kind: 'tcp'; readonly host: string; readonly port: number };

/**
 * The directories dockerd looks in (moby pkg/plugins: sockets in /run/docker/plugins, spec files
 * in /etc/docker/plugins and /usr/lib/docker/plugins), under the brand's name; ctrd-sim's
 * --plugin-dir replaces them all with one.
 */
export function pluginDirs(brand: Brand, pluginDir: string | undefined): readonly string[] {
  if (pluginDir !== undefined) return [pluginDir];
  return [`/run/${brand}/plugins`, `/etc/${brand}/plugins`, `/usr/lib/${brand}/plugins`];
}

function specAddress(text: string): PluginAddress | null {
  const url = text.trim();
  if (url.startsWith('unix://')) return { kind: 'unix', path: url.slice('unix://'.length) };
  const tcp = /^tcp:\/\/([^:/]+):(\d+)\/?$/.exec(url);
  return tcp === null ? null : { kind: 'tcp', host: tcp[1]!, port: Number(tcp[2]) };
}

function fromSpecFile(spec: string): PluginAddress | null {
  if (!existsSync(spec)) return null;
  try {
    return specAddress(readFileSync(spec, 'utf8'));
  } catch {
    return null; // an unreadable spec file is a missing plugin
  }
}

/**
 * A plugin by name: `<dir>/<name>.sock`, or `<dir>/<name>.spec` holding its address; or by the
 * absolute path of its spec file (daemon.md › Authentication 6: "name or spec-file path"), unless
 * `byPath` is false (the real releases look names up only: a path is not found).
 */
export function locatePlugin(name: string, dirs: readonly string[], byPath = true): PluginAddress | null {
  if (name.startsWith('/') && name.endsWith('.spec')) return byPath ? fromSpecFile(name) : null;
  if (name === '' || name.includes('/')) return null;
  for (const dir of dirs) {
    const socket = join(dir, `${name}.sock`);
    if (existsSync(socket)) return { kind: 'unix', path: socket };
    const address = fromSpecFile(join(dir, `${name}.spec`));
    if (address !== null) return address;
  }
  return null;
}

/**
 * Looks a plugin up as dockerd does at start and on reload: when it is not there, a warning
 * "Unable to locate plugin: NAME, retrying in 1s" and another look, four times; null when it never appears.
 */
export async function lookUpWithRetries(
  name: string,
  dirs: readonly string[],
  baseMs: number,
  logger: Logger,
  cancelled: () => boolean = () => false,
  byPath = true,
): Promise<PluginAddress | null> {
  for (let attempt = 0; ; attempt += 1) {
    const found = locatePlugin(name, dirs, byPath);
    if (found !== null || attempt === PLUGIN_RETRIES || cancelled()) return found;
    const wait = retryWaitMs(baseMs, attempt);
    logger.log('warning', `Unable to locate plugin: ${name}, retrying in ${formatGoDuration(wait)}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
