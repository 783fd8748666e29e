import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.nonstandard-fields.three-dropped';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/three-dropped.ts, its row of simulator/engine/images/shape-variant.ts (IMAGE_INSPECT_VARIATIONS), read by simulator/engine/images/shape.ts (shapeImageConfig)',
};

/** Below API 1.50 NetworkDisabled, MacAddress and StopTimeout are left out even when set (the nine others are written as set). */
export function threeDropped(set: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { NetworkDisabled: _n, MacAddress: _m, StopTimeout: _s, ...rest } = set;
  return rest;
}
