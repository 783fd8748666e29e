import { readFileSync } from 'node:fs';
import type { Ipv4ForwardingStyle } from '../../../../specs/info-fields.js';

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
 * sysctl, read once (`once`, the value of the first read) or now.
 */
export function ipv4ForwardingShown(style: Ipv4ForwardingStyle, ipForward: boolean, once: boolean, now: () => boolean): boolean {
  if (ipForward && style.enabledAtStart) return true;
  return style.readOnce ? once : now();
}
