import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: configured insecure CIDRs replace 127.0.0.0/8 instead of joining it: the loopback range is insecure only while no CIDR is configured. */
export const ID = 'hypothetical.config.registries.insecure.loopback-replaced';
export const MODULE: QuirkModule = { where: 'simulator/quirks/daemon-config/loopback-replaced.ts, called from simulator/engine/system/info/route.ts' };

/** /info with 127.0.0.0/8 left out of InsecureRegistryCIDRs when another CIDR is listed, where the quirk is carried. */
export function withoutLoopbackWhenConfigured(info: Record<string, unknown>, quirks: ReadonlySet<string>): Record<string, unknown> {
  const registry = info['RegistryConfig'];
  if (!quirks.has(ID) || typeof registry !== 'object' || registry === null) return info;
  const cidrs = (registry as Record<string, unknown>)['InsecureRegistryCIDRs'];
  if (!Array.isArray(cidrs) || !cidrs.some((c) => c !== '127.0.0.0/8')) return info;
  return { ...info, RegistryConfig: { ...registry, InsecureRegistryCIDRs: cidrs.filter((c) => c !== '127.0.0.0/8') } };
}
