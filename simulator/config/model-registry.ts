import { SimError } from '../errors.js';
import { REGISTRY_MODES, type RegistryMode } from '../model-runner/store/registry.js';
import type { ParsedFlags } from './flags/argv.js';
import { flag } from './flags/options.js';

/**
 * `--model-registry catalogue|any` (default `catalogue`, as Docker Model Runner's registry has a
 * fixed set): which references the model runner's registry has.
 */
export function resolveModelRegistry(flags: ParsedFlags): RegistryMode {
  const given = flag(flags, 'model-registry');
  if (given === undefined) return 'catalogue';
  const mode = REGISTRY_MODES.find((m) => m === given);
  if (mode === undefined) throw new SimError('SIM_USAGE', `invalid argument "${given}" for "--model-registry" flag: one of ${REGISTRY_MODES.join(', ')}`);
  return mode;
}
