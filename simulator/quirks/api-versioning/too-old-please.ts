import { OBSERVED_DOCKERD_MESSAGES } from '../../../specs/messages.js';
import type { DaemonRelease } from '../../../specs/versions.js';

/** observed.api.version.too-old.wording: the release's own too-old sentence ("…, please upgrade your client…"). */
export const TOO_OLD_PLEASE = 'observed.api.version.too-old.wording';

/** The too-old template the release prints (its message table; the observed dockerd one when it has none). */
export const releaseTooOldTemplate = (release: DaemonRelease): string => (release.messages ?? OBSERVED_DOCKERD_MESSAGES).tooOld;
