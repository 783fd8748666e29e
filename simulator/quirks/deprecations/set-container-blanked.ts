import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.container-config.set-container-blanked';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/set-container-blanked.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageInspect)',
};

/** Below API 1.45 Container is written as "" even for an image that names a container. */
export const containerBlanked = (_container: string): string => '';
