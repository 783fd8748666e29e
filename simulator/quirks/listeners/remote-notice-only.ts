import type { QuirkModule } from '../quirk-module.js';

/** Observed (28.5, 29.7): a remote TCP listener without TLS verification starts, with the deprecation notice, instead of being refused. */
export const REMOTE_NOTICE_ONLY = 'observed.tls.remote-requires-verify';
export const remoteNoticeOnly: QuirkModule = {
  where:
    'simulator/quirks/listeners/remote-notice-only.ts, its row of simulator/listeners/tcp-policy-variant.ts (TCP_POLICY_VARIATIONS), read by simulator/listeners/tcp-policy.ts (refuseUnverifiedRemote)',
};
