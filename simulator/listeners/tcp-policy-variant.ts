import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

/**
 * What the policy for TCP listeners without TLS verification (tcp-policy.ts: refuseUnverifiedRemote,
 * warnUnverifiedTcp) may do differently from the document. REFERENCE_TCP_POLICY is the document's;
 * each fault and quirk that changes it is one row of TCP_POLICY_VARIATIONS.
 */
export interface TcpPolicyVariant {
  /** The first release that refuses a remote listener without verification. */
  readonly remoteRefusedFrom: string;
  /** A remote listener without verification stops the start (from remoteRefusedFrom). */
  readonly unverifiedRemoteRefused: boolean;
  /** A remote listener without verification gets the warnings before 27.0 too. */
  readonly remoteWarnedBefore27: boolean;
  /** From 26.0 a listener without TLS gets the deprecation notice. */
  readonly unauthenticatedNotice: boolean;
  /** The deprecation notice is logged for a loopback address too. */
  readonly loopbackNoticed: boolean;
}

/** The document's policy (daemon.md › Authentication 4; Deprecation catalogue: unauthenticated TCP connections). */
export const REFERENCE_TCP_POLICY: TcpPolicyVariant = Object.freeze({
  remoteRefusedFrom: '27.0',
  unverifiedRemoteRefused: true,
  remoteWarnedBefore27: true,
  unauthenticatedNotice: true,
  loopbackNoticed: true,
});

/**
 * Each fault and quirk of the policy, and what it sets; the later row wins (of the refusal, the
 * fault over the observed quirk: the order the old branches asked them in).
 */
export const TCP_POLICY_VARIATIONS: readonly VariationRow<TcpPolicyVariant>[] = [
  // Quirks (specs/quirks/listeners.ts, specs/known-deviations.ts).
  // The 27.0 refusal is backported to 26.x: 26.1 stops the start instead of serving with the warnings.
  ['hypothetical.tls.remote-before-27.backported', { remoteRefusedFrom: '26.0' }],
  // Observed (28.5, 29.7): it starts, with the deprecation notice warnUnverifiedTcp logs.
  ['observed.tls.remote-requires-verify', { unverifiedRemoteRefused: false }],
  // A loopback address (127.0.0.1, localhost, ::1) is taken as safe and gets no notice.
  ['hypothetical.listen.tcp.unauthenticated-notice.remote-only', { loopbackNoticed: false }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['tls.remote-requires-verify', { unverifiedRemoteRefused: false }],
  ['tls.remote-before-27', { remoteWarnedBefore27: false }],
  ['listen.tcp.unauthenticated-notice', { unauthenticatedNotice: false }],
];

/** The TCP policy of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const tcpPolicyVariant = perConfigVariant(REFERENCE_TCP_POLICY, TCP_POLICY_VARIATIONS);
