import type { DaemonRelease } from '../../../specs/versions.js';
import { inRange } from '../../../common/dotted-version.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a release before --validate (20.10) carries it as a hidden flag of a partial backport: parsed, and ignored: the daemon starts instead of refusing the flag. */
export const ID = 'hypothetical.config.file.validate-absent.hidden-noop';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/validate-hidden-noop.ts, called from simulator/config/resolve.ts (checkReleaseFlags) and simulator/config/command.ts (runCommandLine)',
};

/** Whether the release takes --validate as the quirk's hidden flag that does nothing. */
export const ignored = (release: DaemonRelease, quirks: ReadonlySet<string>): boolean => quirks.has(ID) && inRange(release.release, { max: '22.99' });
