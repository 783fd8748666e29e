import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: versions compared as strings (`version < min` on the text): right for every two-digit minor, wrong for 1.9 against 1.24, for zero-padded spellings and for three-digit minors. */
export const TEXT_COMPARE = 'hypothetical.api.version.compare-numeric.text-compare';
export const textCompare: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/text-compare.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** -1, 0 or 1 as the text `a` sorts before, with or after `b` (the quirk's comparison; the third argument is compareRequested's fault flag, unused). */
export const compareAsText = (a: string, b: string, _faulty?: boolean): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);
