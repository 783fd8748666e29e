import { MODEL_REGISTRY } from '../../../specs/model-registry.js';
import type { ModelReference } from './types.js';

/**
 * Which references the runner's registry has. `catalogue`: those of specs/model-registry.ts, as
 * Docker Model Runner's registry has a fixed set; `any`: every well-formed reference (a registry
 * that has everything: for trying the runner by hand, or a test about something else).
 */
export type RegistryMode = 'catalogue' | 'any';

export const REGISTRY_MODES: readonly RegistryMode[] = ['catalogue', 'any'];

const CATALOGUE: ReadonlySet<string> = new Set(MODEL_REGISTRY.flatMap((model) => model.tags.map((tag) => `${model.name}:${tag}`)));

/** Whether the registry has the model `ref` names (its canonical form: namespace and name lower-cased, the tag as written). */
export function inRegistry(mode: RegistryMode, ref: ModelReference): boolean {
  return mode === 'any' || CATALOGUE.has(ref.canonical);
}
