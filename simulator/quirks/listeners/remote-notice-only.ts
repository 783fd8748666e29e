import type { QuirkModule } from '../quirk-module.js';

/** Observed (28.5, 29.7): a remote TCP listener without TLS verification starts, with the deprecation notice, instead of being refused. */
export const REMOTE_NOTICE_ONLY = 'observed.tls.remote-requires-verify';
export const remoteNoticeOnly: QuirkModule = {
  where: 'simulator/quirks/listeners/remote-notice-only.ts, called from simulator/listeners/tcp-policy.ts (refuseUnverifiedRemote)',
};
