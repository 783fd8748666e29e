import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: each --label value is split at its commas (a comma-separated string-slice flag), so `--label a=1,2` gives the labels `a=1` and `2`. */
export const ID = 'hypothetical.config.cli.repeatable.comma-split';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/labels-comma-split.ts, its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (labels)',
};

/** The --label values as the quirk's flag type keeps them. */
export const splitAtCommas = (labels: readonly string[]): readonly string[] => labels.flatMap((label) => label.split(','));
