import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';
import { SimError } from '../errors.js';
import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

/** A start error's class: its code and message. */
export type StartErrorClass = new (code: 'SIM_AUTHZ', message: string) => SimError;

/**
 * What installing the authorization plugins (install.ts) and asking them (chain.ts: AuthzChain)
 * may do differently from the document. REFERENCE_AUTHZ_CHAIN is the document's; each fault and
 * quirk that changes it is one row of AUTHZ_CHAIN_VARIATIONS.
 */
export interface AuthzChainVariant {
  /** A plugin named by the path of its spec file is found by that path. */
  readonly specPathLookedUp: boolean;
  /** The error a plugin that cannot be found stops the start with (undefined: it is left out, and the daemon serves). */
  readonly missingPluginError: StartErrorClass | undefined;
  /** How many of the installed plugins are asked, in order. */
  readonly pluginsAsked: number;
  /** Whether a plugin that cannot be reached is skipped for a request of this method (instead of a 500). */
  readonly unreachableSkipped: (method: string) => boolean;
  /** The message of a plugin's denial, of its name and its own message. */
  readonly denial: (name: string, msg: string) => string;
  /** The chain ends at the first plugin that allows. */
  readonly endsAtFirstAllow: boolean;
  /** What the plugins say of the answer is heard (a denial refuses it). */
  readonly responseDenialsHeard: boolean;
}

/** The document's chain (daemon.md › Authentication 6): every plugin asked, each must allow, denials in moby's words. */
export const REFERENCE_AUTHZ_CHAIN: AuthzChainVariant = Object.freeze({
  specPathLookedUp: true,
  missingPluginError: SimError,
  pluginsAsked: Number.POSITIVE_INFINITY,
  unreachableSkipped: () => false,
  denial: (name: string, msg: string) => fillMessage(AUTHZ_MESSAGES.denied, { name, msg }),
  endsAtFirstAllow: false,
  responseDenialsHeard: true,
});

/**
 * Quirk hypothetical.authz.missing.exit-0: the start error of a plugin that cannot be found, which
 * the process ends on with status 0 (simulator/bin/ctrd-sim.ts).
 */
export class CleanShutdown extends SimError {}

/** Quirk hypothetical.authz.unreachable.reads-open: the methods let through a plugin that cannot be reached. */
const isReadOnly = (method: string): boolean => method === 'GET' || method === 'HEAD';

/** Quirk hypothetical.authz.deny.empty-message-dropped: no ": " after the name when the message is empty. */
const denialWithoutEmpty = (name: string, msg: string): string =>
  msg === '' ? fillMessage(AUTHZ_MESSAGES.denied, { name, msg: '' }).replace(/: $/, '') : fillMessage(AUTHZ_MESSAGES.denied, { name, msg });

/**
 * Each fault and quirk of the chain, and what it sets; the later row wins (the fault over the quirk:
 * the order the old branches asked them in).
 */
export const AUTHZ_CHAIN_VARIATIONS: readonly VariationRow<AuthzChainVariant>[] = [
  // Quirks (specs/quirks/listeners.ts, specs/known-deviations.ts).
  // Looked up as a name and not found, as on the real releases.
  ['observed.authz.spec-path', { specPathLookedUp: false }],
  // The refusal ends the process with status 0.
  ['hypothetical.authz.missing.exit-0', { missingPluginError: CleanShutdown }],
  ['hypothetical.authz.unreachable.reads-open', { unreachableSkipped: isReadOnly }],
  ['hypothetical.authz.deny.empty-message-dropped', { denial: denialWithoutEmpty }],
  ['hypothetical.authz.chain.stops-at-allow', { endsAtFirstAllow: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['authz.spec-path', { specPathLookedUp: false }],
  ['authz.missing', { missingPluginError: undefined }],
  // Only the first plugin is asked.
  ['authz.chain', { pluginsAsked: 1 }],
  // A plugin that cannot be reached lets every request through.
  ['authz.unreachable', { unreachableSkipped: () => true }],
  ['authz.response-deny', { responseDenialsHeard: false }],
];

/** The chain of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const authzChainVariant = perConfigVariant(REFERENCE_AUTHZ_CHAIN, AUTHZ_CHAIN_VARIATIONS);
