import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.container-config.set-container-blanked';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/set-container-blanked.ts, called from simulator/engine/images/shape.ts (shapeImageInspect)',
};

/** Below API 1.45 Container is written as "" even for an image that names a container. */
export const containerAsWritten = (quirks: ReadonlySet<string>, container: string): string => (quirks.has(QUIRK) ? '' : container);
