import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.nonstandard-fields.kept-when-set';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/three-kept-when-set.ts, called from simulator/engine/images/shape.ts (shapeImageConfig)',
};

/** From API 1.50 NetworkDisabled, MacAddress and StopTimeout are still written when the configuration sets them (only the nine always-written fields go). */
export const KEPT_WHEN_SET = ['NetworkDisabled', 'MacAddress', 'StopTimeout'] as const;
export const threeKeptWhenSet = (quirks: ReadonlySet<string>): readonly string[] => (quirks.has(QUIRK) ? KEPT_WHEN_SET : []);
