import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What container inspect's NetworkSettings (network-settings.ts: endpointOf, shapeNetworkSettings)
 * may write differently from the document: an endpoint's DNSNames and the deprecated top-level
 * fields. REFERENCE_NETWORK_SETTINGS is the document's; each fault and quirk that changes it is one
 * row of NETWORK_SETTINGS_VARIATIONS.
 */
export interface NetworkSettingsVariant {
  /** From 25.0 an endpoint has DNSNames. */
  readonly dnsNamesFrom25: boolean;
  /** DNSNames is left out below API 1.44 (gated on the API version rather than the release). */
  readonly dnsNamesHiddenBelow144: boolean;
  /** From API 1.52 the deprecated top-level fields are left out. */
  readonly topLevelDroppedFrom152: boolean;
  /** The deprecated top-level fields are left out at every API version. */
  readonly topLevelDropped: boolean;
  /** From API 1.44 the top-level IPAddress and Gateway are written. */
  readonly addressAndGatewayFrom144: boolean;
}

/** The document's NetworkSettings. */
export const REFERENCE_NETWORK_SETTINGS: NetworkSettingsVariant = Object.freeze({
  dnsNamesFrom25: true,
  dnsNamesHiddenBelow144: false,
  topLevelDroppedFrom152: false,
  topLevelDropped: false,
  addressAndGatewayFrom144: true,
});

/** Each fault and quirk of NetworkSettings, and what it sets (no field is set twice). */
export const NETWORK_SETTINGS_VARIATIONS: readonly VariationRow<NetworkSettingsVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.network.dns-names', { dnsNamesFrom25: false }],
  ['deprecated.network-settings.top-level', { addressAndGatewayFrom144: false }],
  // Observed quirk (specs/known-deviations.ts).
  ['observed.deprecated.network-settings.top-level', { topLevelDropped: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.network.dns-names.from-api-1-44', { dnsNamesHiddenBelow144: true }],
  ['hypothetical.deprecated.network-settings.top-level.dropped-from-1-52', { topLevelDroppedFrom152: true }],
];

/** NetworkSettings on a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const networkSettingsVariant = perConfigVariant(REFERENCE_NETWORK_SETTINGS, NETWORK_SETTINGS_VARIATIONS);
