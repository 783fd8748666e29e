import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: `--version` and `-v` do not end the command (the check lost its return when the start-up code was reorganised): the daemon starts and serves, the version only in its start-up log. */
export const ID = 'hypothetical.config.cli.version.starts-anyway';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/version-starts-anyway.ts, called from simulator/config/command.ts (runCommandLine)',
};

/** Whether the command ends with the version: it does unless the quirk is carried. */
export const quits = (quirks: ReadonlySet<string>): boolean => !quirks.has(ID);
