import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.container-copy.removed.tar-with-404';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/copy-tar-with-404.ts, called from simulator/engine/containers/archive-routes.ts (POST /containers/{name}/copy)',
};

/** /copy answers 404, but the old handler still writes the tar of the resource as the body (the status is set before the copy). */
export const tarWith404 = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
