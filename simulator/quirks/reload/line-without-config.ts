import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the reload is logged as "Reloaded configuration" without the configuration it applied. */
export const LINE_WITHOUT_CONFIG = 'hypothetical.reload.sighup.applies.line-without-config';

export const lineWithoutConfig: QuirkModule = { where: 'simulator/quirks/reload/line-without-config.ts, called from simulator/reload/log.ts' };
