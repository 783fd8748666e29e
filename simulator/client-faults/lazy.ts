import { SimError } from '../errors.js';

/**
 * The client-faults module, loaded only when a file is given. Its validator (ajv, TypeBox) is not
 * in the bundled ctrd-sim (scripts/bundle-sim.mjs) but in node_modules: a copy of the bundle
 * alone (the container target's image) says so instead of failing obscurely.
 */
export async function importClientFaults(): Promise<typeof import('./install.js')> {
  try {
    return await import('./install.js');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    const first = (error as Error).message.split('\n')[0];
    throw new SimError('SIM_USAGE', `--client-faults needs the packages ajv and @sinclair/typebox beside ctrd-sim: ${first}`);
  }
}
