import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the deprecation notice for a TCP listener without TLS is logged for remote addresses only; a loopback one (127.0.0.1, localhost, ::1) is taken as safe and gets none. */
export const NOTICE_REMOTE_ONLY = 'hypothetical.listen.tcp.unauthenticated-notice.remote-only';
export const noticeRemoteOnly: QuirkModule = {
  where:
    'simulator/quirks/listeners/notice-remote-only.ts, its row of simulator/listeners/tcp-policy-variant.ts (TCP_POLICY_VARIATIONS), read by simulator/listeners/tcp-policy.ts (warnUnverifiedTcp)',
};
