import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const found = new Map<string, string>();

/**
 * The userland proxy a daemon would run: `<product>-proxy` found on PATH (moby looks it up so), else
 * empty. Looked up once per product and PATH: a daemon resolves it as it starts, not per /info.
 */
export function userlandProxyPath(product: string, path: string = process.env['PATH'] ?? ''): string {
  const key = `${product}\0${path}`;
  const known = found.get(key);
  if (known !== undefined) return known;
  const proxy = lookUp(product, path);
  found.set(key, proxy);
  return proxy;
}

function lookUp(product: string, path: string): string {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, `${product.toLowerCase()}-proxy`);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return '';
}

/**
 * /info's FirewallBackend as 29.7.2 shows it: "iptables" whatever --iptables says (observed with
 * --iptables=false), with the userland proxy settings.
 */
export function firewallBackend(userlandProxy: boolean, product: string): Record<string, unknown> {
  return {
    Driver: 'iptables',
    Info: [
      ['EnableUserlandProxy', String(userlandProxy)],
      ['UserlandProxyPath', userlandProxyPath(product)],
    ],
  };
}
