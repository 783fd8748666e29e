import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: NO_PROXY is read only in lower case (`no_proxy`, curl's convention); HTTP_PROXY and HTTPS_PROXY are read in either case. */
export const ID = 'hypothetical.config.env.proxy.no-proxy-lowercase-only';
export const MODULE: QuirkModule = { where: 'simulator/quirks/daemon-config/no-proxy-lowercase.ts, called from simulator/config/file/merge.ts (proxy)' };

/** The names the quirk reads `variable` under, in order. */
export const names = (variable: string, quirks: ReadonlySet<string>): readonly string[] =>
  quirks.has(ID) && variable === 'NO_PROXY' ? [variable.toLowerCase()] : [variable, variable.toLowerCase()];
