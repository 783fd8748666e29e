import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.container-archive.served.no-link-target';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/stat-without-link-target.ts, called from simulator/engine/containers/archive-routes.ts (statHeader)',
};

/** The X-Docker-Container-Path-Stat header leaves linkTarget out (an omitempty on a string that is mostly empty). */
export const statWithoutLinkTarget = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
