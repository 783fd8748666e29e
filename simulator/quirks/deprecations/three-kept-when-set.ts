import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.nonstandard-fields.kept-when-set';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/three-kept-when-set.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageConfig)',
};

/** From API 1.50 NetworkDisabled, MacAddress and StopTimeout are still written when the configuration sets them (only the nine always-written fields go). */
export const KEPT_WHEN_SET = ['NetworkDisabled', 'MacAddress', 'StopTimeout'] as const;
