import { readFileSync } from 'node:fs';
import type { Ipv4ForwardingStyle } from '../../../../specs/info-fields.js';
import type { Exchange } from '../../../http/exchange.js';
import { infoStyleOf } from './style.js';

/** Where the daemon reads whether the kernel forwards IPv4 (its network namespace's sysctl). */
export const IP_FORWARD_SYSCTL = '/proc/sys/net/ipv4/ip_forward';

/**
 * net.ipv4.ip_forward as moby's sysinfo reads it: "1" (spaces trimmed) is on; anything else, or
 * a file it cannot read, is off.
 */
export function readIpv4Forwarding(path: string = IP_FORWARD_SYSCTL): boolean {
  try {
    return readFileSync(path, 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

/**
 * IPv4Forwarding as the emulated release shows it (specs/info-fields.ts: Ipv4ForwardingStyle):
 * on where the release turns forwarding on at its start (`ip-forward`, the default), else the
 * sysctl, as first read (`once`) or read now.
 */
export function ipv4ForwardingShown(style: Ipv4ForwardingStyle, ipForward: boolean, once: () => boolean, now: () => boolean): boolean {
  if (ipForward && style.enabledAtStart) return true;
  return style.readOnce ? once() : now();
}

/** The sysctl as first read under each route table (one per configuration): what the releases that read it once keep. */
const firstReads = new WeakMap<object, boolean>();

/**
 * Whether the emulated daemon has IPv4 forwarding, as its /info shows it and its create warns of
 * it (one state: moby's sysinfo). The simulator never writes the sysctl: where the release turns
 * forwarding on at its start, it shows what that write would leave.
 */
export function ipv4ForwardingOf(x: Exchange, read: () => boolean = readIpv4Forwarding): boolean {
  const { config, routes } = x.state;
  const once = (): boolean => {
    const first = firstReads.get(routes) ?? read();
    firstReads.set(routes, first);
    return first;
  };
  return ipv4ForwardingShown(infoStyleOf(config.release.release).style.ipv4Forwarding, config.settings.ipForward, once, read);
}
