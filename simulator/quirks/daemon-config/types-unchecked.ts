import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { ULIMITS_UNTYPED } from './ulimits-untyped.js';

/** The quirk id: keys whose value type the releases do not check, or check without naming the key. */
export const TYPES_QUIRK = 'observed.config.file.types';

/**
 * Observed quirk (observed.config.file.types): keys a release reads into no field of its own name,
 * so a value of any type is taken and ignored (containerd-plugins-namespace everywhere, whose
 * field is containerd-plugin-namespace; the top-level proxy keys from 23.0, whose fields are in
 * `proxies`); and keys whose wrong type is refused in words that do not name the key
 * (default-shm-size: `invalid size: "7"`; 28.x's default-address-pools: "into Go value of type
 * []*ipamutils.NetworkToSplit").
 */
export function ignoredTypes(release: DaemonRelease, quirks: ReadonlySet<string>): ReadonlySet<string> {
  // Hypothetical quirk: default-ulimits of any type is ignored.
  if (!quirks.has(TYPES_QUIRK)) return new Set(quirks.has(ULIMITS_UNTYPED) ? ['default-ulimits'] : []);
  return new Set(['containerd-plugins-namespace', ...(isOlder(release.release, '23.0') ? [] : ['http-proxy', 'https-proxy', 'no-proxy'])]);
}

/** The refusal of a mistyped value in the release's words, where they do not name the key; null elsewhere. */
export function unnamedTypeProblem(key: string, value: unknown, release: DaemonRelease, quirks: ReadonlySet<string>): string | null {
  if (!quirks.has(TYPES_QUIRK)) return null;
  const v28 = !isOlder(release.release, '28.0');
  if (key === 'default-shm-size') return `${v28 ? 'invalid JSON: ' : ''}invalid size: ${JSON.stringify(String(value))}`;
  if (key === 'default-address-pools' && v28)
    return `invalid JSON: json: cannot unmarshal ${typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'bool' : 'number'} into Go value of type []*ipamutils.NetworkToSplit`;
  return null;
}
