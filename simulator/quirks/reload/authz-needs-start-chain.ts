import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): the authorization middleware is installed at start only when plugins are listed then: a reload changes the chain of a daemon that started with plugins, and leaves a daemon started without any unprotected. */
export const ID = 'hypothetical.reload.option.authorization-plugins.needs-start-chain';

export const needsStartChain: QuirkModule = { where: 'simulator/quirks/reload/authz-needs-start-chain.ts, called from simulator/daemon/start.ts (serve)' };

/** Whether a reload may replace the chain: always, but where the quirk is carried and the daemon started without one. */
export const reloadSwapsChain = (quirks: ReadonlySet<string>, startedWithChain: boolean): boolean => !quirks.has(ID) || startedWithChain;
