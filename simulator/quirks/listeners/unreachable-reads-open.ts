import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a plugin that cannot be reached after the retries is skipped for read-only requests (GET, HEAD): they are served; other methods fail with 500. */
export const UNREACHABLE_READS_OPEN = 'hypothetical.authz.unreachable.reads-open';
export const unreachableReadsOpen: QuirkModule = {
  where: 'simulator/quirks/listeners/unreachable-reads-open.ts, called from simulator/authz/chain.ts (AuthzChain.ask)',
};

/** The methods the quirk lets through a plugin it cannot reach. */
export const isReadOnly = (method: string): boolean => method === 'GET' || method === 'HEAD';
