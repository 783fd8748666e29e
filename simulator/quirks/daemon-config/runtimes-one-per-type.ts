import type { QuirkModule } from '../quirk-module.js';
import type { RuntimeSetting } from '../../config/file/settings.js';

/** Hypothetical quirk: shim runtimes are registered by their runtimeType, so of several runtimes sharing one runtimeType only the first is registered. */
export const ID = 'hypothetical.config.runtimes.register.one-per-type';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/runtimes-one-per-type.ts, its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (runtimes)',
};

/** The runtimes with every shim entry after the first of its runtimeType left out. */
export function onePerType(runtimes: Readonly<Record<string, RuntimeSetting>>): Record<string, RuntimeSetting> {
  const seen = new Set<string>();
  return Object.fromEntries(
    Object.entries(runtimes).filter(([, runtime]) => {
      if (runtime.runtimeType === undefined) return true;
      if (seen.has(runtime.runtimeType)) return false;
      seen.add(runtime.runtimeType);
      return true;
    }),
  );
}
