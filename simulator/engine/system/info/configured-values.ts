import { MASKED_CREDENTIALS, type InfoStyle } from '../../../../specs/info-fields.js';
import type { DaemonSettings } from '../../../config/file/settings.js';

/**
 * `--node-generic-resource` entries as swarm's generic resources: a whole number is a discrete
 * resource (a count), anything else a named one. Null when there is none.
 */
export function genericResources(entries: readonly string[]): unknown[] | null {
  if (entries.length === 0) return null;
  return entries.map((entry) => {
    const at = entry.indexOf('=');
    const kind = at < 0 ? entry : entry.slice(0, at);
    const value = at < 0 ? '' : entry.slice(at + 1);
    return /^-?\d+$/.test(value) ? { DiscreteResourceSpec: { Kind: kind, Value: Number(value) } } : { NamedResourceSpec: { Kind: kind, Value: value } };
  });
}

/** A proxy URL with its user information replaced, as the daemon shows it (the rest untouched). */
export function maskProxy(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, `$1${MASKED_CREDENTIALS}@`);
}

/** SecurityOptions: the seccomp profile ("builtin", or "default" on 20.10, for the built-in one), rootless. */
export function securityOptions(settings: DaemonSettings, style: InfoStyle): string[] {
  const profile = settings.seccompProfile === 'builtin' ? style.seccompProfileWord : settings.seccompProfile;
  return [`name=seccomp,profile=${profile}`, ...(settings.rootless ? ['name=rootless'] : [])];
}
