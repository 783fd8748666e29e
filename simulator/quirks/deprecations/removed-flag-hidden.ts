import { REMOVED_DAEMON_OPTIONS } from '../../../specs/deprecations.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { rowRemovedIn } from '../../config/file/removed-options.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a removed option's flag is kept as a hidden flag that is parsed and ignored (its file key is refused). */
export const QUIRK = 'hypothetical.deprecated.options.removed-refused.flag-hidden';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/removed-flag-hidden.ts, called from simulator/config/resolve.ts (checkReleaseFlags)',
};

/** The flags of options removed by `release` that the quirk still takes (none without it). */
export const hiddenRemovedFlags = (release: DaemonRelease, quirks: ReadonlySet<string>): readonly string[] =>
  quirks.has(QUIRK)
    ? REMOVED_DAEMON_OPTIONS.filter((option) => option.flag !== undefined && rowRemovedIn(option.row, release)).map((option) => option.flag!)
    : [];
