import { isIP } from 'node:net';
import { OFFICIAL_INDEX, type InfoStyle } from '../../../../specs/info-fields.js';
import type { DaemonSettings } from '../../../config/file/settings.js';

/** A registry mirror as the daemon shows it: an empty path becomes "/". */
export function normalizeMirror(mirror: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/]+$/i.test(mirror) ? `${mirror}/` : mirror;
}

/** A CIDR as Go's net.ParseCIDR shows it (the network address), or null when it is not one. */
export function normalizeCidr(value: string): string | null {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(value);
  if (match === null) return null;
  const [, address, bitsText] = match as unknown as [string, string, string];
  const bits = Number(bitsText);
  const family = isIP(address);
  if (family === 4 && bits <= 32) {
    const number = address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    const network = (number & mask) >>> 0;
    return `${[24, 16, 8, 0].map((shift) => (network >>> shift) & 255).join('.')}/${bits}`;
  }
  if (family === 6 && bits <= 128) return `${address.toLowerCase()}/${bits}`;
  return null;
}

interface IndexInfo {
  readonly Name: string;
  readonly Mirrors: readonly string[];
  readonly Secure: boolean;
  readonly Official: boolean;
}

/**
 * RegistryConfig in the daemon's struct order, with the deprecated fields always present (the
 * API-version shaping removes them where they are omitted).
 */
export function registryConfig(settings: DaemonSettings, style: InfoStyle): Record<string, unknown> {
  const cidrs: string[] = [];
  const insecureHosts: string[] = [];
  for (const entry of settings.insecureRegistries) {
    const cidr = normalizeCidr(entry);
    if (cidr !== null) {
      if (!cidrs.includes(cidr)) cidrs.push(cidr);
    } else if (!insecureHosts.includes(entry)) {
      insecureHosts.push(entry);
    }
  }
  for (const cidr of style.defaultInsecureCidrs) if (!cidrs.includes(cidr)) cidrs.push(cidr);

  const mirrors = [...new Set(settings.registryMirrors.map(normalizeMirror))];
  const indexes: Record<string, IndexInfo> = {
    [OFFICIAL_INDEX.name]: { Name: OFFICIAL_INDEX.name, Mirrors: mirrors, Secure: !insecureHosts.includes(OFFICIAL_INDEX.name), Official: true },
  };
  for (const host of insecureHosts) {
    if (host !== OFFICIAL_INDEX.name) indexes[host] = { Name: host, Mirrors: [], Secure: false, Official: false };
  }

  return {
    ...nondistributable(settings, style),
    InsecureRegistryCIDRs: cidrs,
    // A Go map: its keys come out sorted.
    IndexConfigs: Object.fromEntries(Object.entries(indexes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    Mirrors: mirrors.length > 0 ? mirrors : style.mirrorsWhenNone === 'empty' ? [] : null,
  };
}

function nondistributable(settings: DaemonSettings, style: InfoStyle): Record<string, unknown> {
  if (style.nondistributableValues === 'null') return { AllowNondistributableArtifactsCIDRs: null, AllowNondistributableArtifactsHostnames: null };
  const cidrs: string[] = [];
  const hosts: string[] = [];
  for (const entry of settings.allowNondistributableArtifacts) {
    const cidr = normalizeCidr(entry);
    if (cidr !== null) cidrs.push(cidr);
    else hosts.push(entry);
  }
  const empty = style.nondistributableValues === 'configured-or-empty' ? [] : null;
  return {
    AllowNondistributableArtifactsCIDRs: cidrs.length > 0 ? cidrs : empty,
    AllowNondistributableArtifactsHostnames: hosts.length > 0 ? hosts : empty,
  };
}
