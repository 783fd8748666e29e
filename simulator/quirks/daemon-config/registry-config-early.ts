import { inRange } from '../../../common/dotted-version.js';
import type { InfoStyleName } from '../../../specs/info-fields.js';

const FIELDS = ['AllowNondistributableArtifactsCIDRs', 'AllowNondistributableArtifactsHostnames'];
/** The /info styles of the releases it was observed on. */
const OBSERVED_ON: readonly InfoStyleName[] = ['28.5', '29.7'];

/**
 * Observed quirk (observed.config.info.shape): 28.5.2 and 29.7.2 leave RegistryConfig's
 * AllowNondistributableArtifacts* out from API 1.47, where the document keeps them (null) up to 1.48.
 */
export function withRegistryConfigAsObserved(
  info: Record<string, unknown>,
  style: InfoStyleName,
  api: string,
  quirks: ReadonlySet<string>,
): Record<string, unknown> {
  if (!quirks.has('observed.config.info.shape') || !OBSERVED_ON.includes(style) || !inRange(api, { min: '1.47', max: '1.48' })) return info;
  const registry = info['RegistryConfig'];
  if (typeof registry !== 'object' || registry === null) return info;
  return { ...info, RegistryConfig: Object.fromEntries(Object.entries(registry).filter(([key]) => !FIELDS.includes(key))) };
}
