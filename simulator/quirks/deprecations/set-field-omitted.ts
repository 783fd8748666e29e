import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.empty-fields.set-dropped';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/set-field-omitted.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageConfig)',
};

/** From API 1.52 WorkingDir is left out as if it were empty, even when the image sets it. */
export const OMITTED_THOUGH_SET: readonly string[] = ['WorkingDir'];
