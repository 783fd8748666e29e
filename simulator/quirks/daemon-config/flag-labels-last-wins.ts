import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: --label values are kept in a map, so a key given twice on the command line keeps its last value silently (the file's labels are still checked for conflicts). */
export const ID = 'hypothetical.config.labels.conflict.flag-last-wins';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/flag-labels-last-wins.ts, its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (labels)',
};

/** The --label values, one per key, each with its last value (in the order the keys first came). */
export function lastValuePerKey(labels: readonly string[]): readonly string[] {
  const byKey = new Map<string, string>();
  for (const label of labels) byKey.set(label.includes('=') ? label.slice(0, label.indexOf('=')) : label, label);
  return [...byKey.values()];
}
