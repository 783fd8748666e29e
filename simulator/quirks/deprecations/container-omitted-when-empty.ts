import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.image-inspect.container-config';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/container-omitted-when-empty.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageInspect)',
};

/** Observed on 26.1.5 and 28.5.2: image inspect leaves an empty Container out at every API version (omitempty), below 1.45 included. */
export const omittedWhenEmpty = (container: string): boolean => container === '';
