import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: the file's singular insecure-registry is read as an alias of insecure-registries (a key kept from an old release). */
export const ID = 'hypothetical.config.file.plural-keys.insecure-registry-alias';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/insecure-registry-alias.ts, its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (insecureRegistries)',
};

/** The file's singular insecure-registry list, when it holds one. */
export const singular = (doc: Readonly<Record<string, unknown>>): readonly string[] | undefined =>
  Array.isArray(doc['insecure-registry']) ? (doc['insecure-registry'] as readonly string[]) : undefined;
