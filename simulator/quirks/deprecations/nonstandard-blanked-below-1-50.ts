import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.image-inspect.nonstandard-fields';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/nonstandard-blanked-below-1-50.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageConfig)',
};

/**
 * Observed on 28.5.2: below API 1.50 image inspect writes the nine kept fields with their empty
 * values and leaves NetworkDisabled, MacAddress and StopTimeout out, whatever the image's
 * configuration sets (a loaded archive's or a committed container's Hostname "lh" reads "").
 */
export const nonstandardBlanked = (_set: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => ({});
