import type { InfoStyleName } from '../../../specs/info-fields.js';

/**
 * Observed quirk (observed.config.cdi.spec-dirs): GET /info of 20.10.24 has no CDISpecDirs at any
 * API version (and the release has neither --cdi-spec-dir nor cdi-spec-dirs: absent-options.ts).
 */
export const CDI_UNLISTED_QUIRK = 'observed.config.cdi.spec-dirs';

/** /info without CDISpecDirs, where the quirk is carried and the release's /info style has no such field. */
export function withoutCdiSpecDirs(info: Record<string, unknown>, style: InfoStyleName, quirks: ReadonlySet<string>): Record<string, unknown> {
  if (!quirks.has(CDI_UNLISTED_QUIRK) || style !== '20.10') return info;
  const { CDISpecDirs: _dropped, ...rest } = info;
  return rest;
}
