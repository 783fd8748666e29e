import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a native.cgroupdriver value other than cgroupfs and systemd in the file's exec-opts is passed over (the host's default driver is used); the flag still refuses it. */
export const ID = 'hypothetical.config.cgroup.driver.file-value-ignored';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/cgroup-file-fallback.ts, its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (execOpts)',
};

/** The file's exec-opts without the cgroup driver entries the quirk passes over. */
export const withoutUnknownDriver = (execOpts: readonly string[]): readonly string[] =>
  execOpts.filter((opt) => {
    const at = opt.indexOf('=');
    if (at < 0 || opt.slice(0, at).trim().toLowerCase() !== 'native.cgroupdriver') return true;
    const value = opt.slice(at + 1).trim();
    return value === 'cgroupfs' || value === 'systemd';
  });
