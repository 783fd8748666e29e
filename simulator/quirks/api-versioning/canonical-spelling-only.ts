import type { QuirkModule } from '../quirk-module.js';

/**
 * Hypothetical: the error writer decides "plain text for clients below 1.24" with a stricter
 * version parser than the version gate's: a spelling it cannot parse ("01.12", "1.012", "1.12.0")
 * counts as a modern client, so that refusal is JSON while the canonical "1.12" is plain text.
 */
export const CANONICAL_SPELLING_ONLY = 'hypothetical.api.error.legacy-plain-text.canonical-spelling-only';
export const canonicalSpellingOnly: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/canonical-spelling-only.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** Whether the stricter parser takes the version as written: major.minor, no leading zeros, nothing more. */
export const strictlyParsed = (requested: string): boolean => /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/.test(requested);
