import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5, 29.7): a plugin named by the path of its spec file is looked up as a name and not found. */
export const SPEC_PATH_NOT_FOUND = 'observed.authz.spec-path';
export const specPathNotFound: QuirkModule = {
  where: 'simulator/quirks/listeners/spec-path-not-found.ts, called from simulator/authz/install.ts (installAuthzPlugins)',
};
