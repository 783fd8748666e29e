import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.image-inspect.container-config.null';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/container-config-null.ts, called from simulator/engine/images/shape.ts (shapeImageInspect)',
};

/** Observed on 29.7.2: below API 1.45 image inspect writes ContainerConfig as null, even for a loaded image whose configuration names one. */
export const containerConfigNull = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
