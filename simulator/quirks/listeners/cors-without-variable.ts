import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: 27.x honours --api-cors-header without CTRD_DEPRECATED_CORS_HEADER (the default-disabled switch never wired). */
export const CORS_WITHOUT_VARIABLE = 'hypothetical.listen.cors-header.without-variable';
export const corsWithoutVariable: QuirkModule = {
  where:
    'simulator/quirks/listeners/cors-without-variable.ts, its row of simulator/config/cors-header-variant.ts (CORS_HEADER_VARIATIONS), read by simulator/config/resolve.ts (corsHeaderOf)',
};
