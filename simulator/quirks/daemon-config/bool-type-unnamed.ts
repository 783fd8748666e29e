import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: the boolean keys are decoded by a bool type of the daemon's own (its UnmarshalJSON), whose error names the Go type but not the key: `json: cannot unmarshal string into Go value of type bool`. */
export const ID = 'hypothetical.config.file.types.message.bool-unnamed';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/bool-type-unnamed.ts, called from simulator/config/file/load.ts (checkDocument)',
};

/** The quirk's words for a wrong-typed value, or null without the quirk or where the key is not a boolean one (the normal words then). */
export const unnamed = (problem: { readonly json: string; readonly goType: string }, quirks: ReadonlySet<string>): string | null =>
  quirks.has(ID) && problem.goType === 'bool' ? `json: cannot unmarshal ${problem.json} into Go value of type bool` : null;
