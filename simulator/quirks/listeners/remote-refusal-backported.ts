import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the 27.0 refusal of a remote TCP listener without TLS verification is backported to 26.x: 26.1 stops the start instead of serving with the warnings. */
export const REMOTE_REFUSAL_BACKPORTED = 'hypothetical.tls.remote-before-27.backported';
export const remoteRefusalBackported: QuirkModule = {
  where:
    'simulator/quirks/listeners/remote-refusal-backported.ts, its row of simulator/listeners/tcp-policy-variant.ts (TCP_POLICY_VARIATIONS), read by simulator/listeners/tcp-policy.ts (refuseUnverifiedRemote)',
};

/** The first release that refuses a remote listener without verification with the quirk (27.0 without it). */
export const BACKPORTED_SINCE = '26.0';
