import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';
import { refusedByForwarder } from '../quirks/model-runner/embeddings-not-forwarded.js';

/**
 * What the runner's TCP listener (listener.ts) may do differently from the document: which requests
 * it hands to the runner. REFERENCE_LISTENER is the document's; each fault and quirk that changes it
 * is one row of LISTENER_VARIATIONS.
 */
export interface ListenerVariant {
  /** A request addressed to the document's own base address, Host localhost:<port>, is served. */
  readonly localhostServed: boolean;
  /** Answers a refusal of the request itself and returns true, or leaves it to the runner (false). */
  readonly refuses: (req: IncomingMessage, res: ServerResponse, path: string) => boolean;
}

/** The document's listener. */
export const REFERENCE_LISTENER: ListenerVariant = Object.freeze({
  localhostServed: true,
  refuses: () => false,
});

/** Each fault and quirk of the listener, and what it sets (no two set the same field). */
export const LISTENER_VARIATIONS: readonly VariationRow<ListenerVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.tcp.serves.embeddings-not-forwarded', { refuses: refusedByForwarder }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.tcp.serves', { localhostServed: false }],
];

/** The listener of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const listenerVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): ListenerVariant =>
  resolveVariant(REFERENCE_LISTENER, LISTENER_VARIATIONS, config);
