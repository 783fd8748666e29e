import { fileURLToPath } from 'node:url';

/**
 * The ctrd-sim binary as the build bundles it (scripts/bundle-sim.mjs): a loader, the script beside
 * it holding the simulator and what it imports (FILE.script), and that script's code cache (FILE.cache).
 */
export const SIM_BIN = fileURLToPath(new URL('../../simulator/bin/ctrd-sim.js', import.meta.url));
