import type { InfoStyleName } from '../../../../specs/info-fields.js';
import { perConfigVariant, type VariationRow } from '../../../faults/variant-table.js';

/** A range of API versions (inRange's bounds). */
interface ApiRange {
  readonly min: string;
  readonly max: string;
}

/**
 * What GET /info (route.ts) may show differently from the document of the configuration it
 * reports. REFERENCE_INFO_ROUTE is the document's; each quirk that changes it is one row of
 * INFO_ROUTE_VARIATIONS.
 */
export interface InfoRouteVariant {
  /** Debug, ExperimentalBuild and LiveRestoreEnabled come from the flags alone, not the merged configuration: switches set only in the file show false. */
  readonly switchesFromFlags: boolean;
  /** The /info styles (releases) whose /info has no CDISpecDirs, at any API version. */
  readonly cdiSpecDirsUnlisted: readonly InfoStyleName[];
  /** The /info styles, and the API versions, at which RegistryConfig leaves out AllowNondistributableArtifacts* (null: none). */
  readonly nondistributableUnlisted: { readonly styles: readonly InfoStyleName[]; readonly api: ApiRange } | null;
  /** Configured insecure CIDRs replace 127.0.0.0/8 instead of joining it: the loopback range is listed only while no CIDR is configured. */
  readonly loopbackReplaced: boolean;
}

/** The document's /info. */
export const REFERENCE_INFO_ROUTE: InfoRouteVariant = Object.freeze({
  switchesFromFlags: false,
  cdiSpecDirsUnlisted: Object.freeze([]),
  nondistributableUnlisted: null,
  loopbackReplaced: false,
});

/** Each quirk of /info, and what it sets (no two set the same field). */
export const INFO_ROUTE_VARIATIONS: readonly VariationRow<InfoRouteVariant>[] = [
  // Observed quirks (specs/quirks/daemon-config.ts).
  // 20.10.24 has no CDISpecDirs (nor --cdi-spec-dir, nor cdi-spec-dirs: absent-options-variant.ts).
  ['observed.config.cdi.spec-dirs', { cdiSpecDirsUnlisted: Object.freeze(['20.10'] as const) }],
  // 28.5.2 and 29.7.2 leave the fields out from API 1.47, where the document keeps them (null) up to 1.48.
  [
    'observed.config.info.shape',
    { nondistributableUnlisted: Object.freeze({ styles: Object.freeze(['28.5', '29.7'] as const), api: { min: '1.47', max: '1.48' } }) },
  ],
  // Hypothetical quirks.
  ['hypothetical.config.info.effective.switches-from-flags', { switchesFromFlags: true }],
  ['hypothetical.config.registries.insecure.loopback-replaced', { loopbackReplaced: true }],
];

/** /info with these quirks (resolved once per pair of sets: simulator/faults/variant-table.ts). */
export const infoRouteVariant = perConfigVariant(REFERENCE_INFO_ROUTE, INFO_ROUTE_VARIATIONS);
