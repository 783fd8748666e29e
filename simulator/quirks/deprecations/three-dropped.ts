import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.image-inspect.nonstandard-fields.three-dropped';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/three-dropped.ts, called from simulator/engine/images/shape.ts (shapeImageConfig)',
};

/** Below API 1.50 NetworkDisabled, MacAddress and StopTimeout are left out even when set (the nine others are written as set). */
export function threeDropped(quirks: ReadonlySet<string>, set: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (!quirks.has(QUIRK)) return set;
  const { NetworkDisabled: _n, MacAddress: _m, StopTimeout: _s, ...rest } = set;
  return rest;
}
