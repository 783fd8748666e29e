import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The userland proxy a daemon would run: `<product>-proxy` found on PATH (moby looks it up so), else empty. */
export function userlandProxyPath(product: string, path: string = process.env['PATH'] ?? ''): string {
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
