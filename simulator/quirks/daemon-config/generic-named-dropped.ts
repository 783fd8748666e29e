import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: node generic resources whose value is not an integer are parsed but left out: only discrete resources are advertised. */
export const ID = 'hypothetical.config.generic-resources.named-dropped';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/generic-named-dropped.ts, its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (nodeGenericResources)',
};

/** The entries the quirk advertises: `kind=<integer>` ones (and the malformed ones, which validation refuses). */
export const discreteOnly = (entries: readonly string[]): readonly string[] =>
  entries.filter((entry) => !/^[^=]+=.+$/.test(entry) || /^-?\d+$/.test(entry.slice(entry.indexOf('=') + 1)));
