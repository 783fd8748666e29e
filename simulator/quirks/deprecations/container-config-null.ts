import type { QuirkModule } from '../quirk-module.js';

/** Observed on 29.7.2: below API 1.45 image inspect writes ContainerConfig as null, even for a loaded image whose configuration names one. */
export const QUIRK = 'observed.deprecated.image-inspect.container-config.null';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/container-config-null.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageInspect)',
};
