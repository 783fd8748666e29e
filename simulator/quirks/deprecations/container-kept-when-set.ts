import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.container-config.kept-when-set';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/container-kept-when-set.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageInspect)',
};

/** From API 1.45 Container and ContainerConfig are still written for an image that names a container (a commit or a load): only empty ones are omitted. */
export const keptWhenSet = (container: string): boolean => container !== '';
