import type { QuirkModule } from '../quirk-module.js';

/** /copy answers 404, but the old handler still writes the tar of the resource as the body (the status is set before the copy). */
export const QUIRK = 'hypothetical.deprecated.container-copy.removed.tar-with-404';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/copy-tar-with-404.ts, its row of simulator/engine/containers/archive-variant.ts (ARCHIVE_VARIATIONS), read by simulator/engine/containers/archive-routes.ts (POST /containers/{name}/copy)',
};
