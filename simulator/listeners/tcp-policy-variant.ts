import { NOTICE_REMOTE_ONLY } from '../quirks/listeners/notice-remote-only.js';
import { BACKPORTED_SINCE, REMOTE_REFUSAL_BACKPORTED } from '../quirks/listeners/remote-refusal-backported.js';
import { REMOTE_NOTICE_ONLY } from '../quirks/listeners/remote-notice-only.js';
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
  [REMOTE_REFUSAL_BACKPORTED, { remoteRefusedFrom: BACKPORTED_SINCE }],
  // Observed (28.5): it starts, with the deprecation notice warnUnverifiedTcp logs.
  [REMOTE_NOTICE_ONLY, { unverifiedRemoteRefused: false }],
  [NOTICE_REMOTE_ONLY, { loopbackNoticed: false }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['tls.remote-requires-verify', { unverifiedRemoteRefused: false }],
  ['tls.remote-before-27', { remoteWarnedBefore27: false }],
  ['listen.tcp.unauthenticated-notice', { unauthenticatedNotice: false }],
];

/** The TCP policy of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const tcpPolicyVariant = perConfigVariant(REFERENCE_TCP_POLICY, TCP_POLICY_VARIATIONS);
