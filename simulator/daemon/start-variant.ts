import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';
import type { ListenAddress } from '../listeners/address.js';

/**
 * What the daemon's start (start.ts) may do differently from the document: the listeners it opens
 * and how, its TLS front, its PID file, its log format and what it does on a reload.
 * REFERENCE_START is the document's; each fault and quirk that changes it is one row of
 * START_VARIATIONS.
 */
export interface StartVariant {
  /** Of more than two -H, only the first two are opened. */
  readonly firstTwoHostsOnly: boolean;
  /** The addresses listened on, of those the hosts expand to. */
  readonly addressesKept: (addresses: readonly ListenAddress[]) => readonly ListenAddress[];
  /** From 28.0 a TCP listener without TLS stops the start (start.ts: removedEarly). */
  readonly plainTcpRefusedFrom28: boolean;
  /** From 26.0 a TCP listener without TLS is half removed (tcp-policy.ts: halfRemovedPlainTcp). */
  readonly plainTcpHalfRemovedFrom26: boolean;
  /** A unix socket's mode. */
  readonly socketMode: number;
  /** A unix socket bound under the process's umask, its mode set lateMs later (undefined: bound with its mode). */
  readonly socketBoundAsIs: { readonly lateMs: number } | undefined;
  /** The TLS front (listeners/tls-front.ts) serves a plain-HTTP request. */
  readonly plainRequest: boolean;
  /** The TLS front answers an SSLv3 hello. */
  readonly sslv3: boolean;
  /** How long after the start the TLS front serves plain HTTP (0: never). */
  readonly plainForMs: number;
  /** The TLS front serves a plain-HTTP /_ping. */
  readonly plainPing: boolean;
  /** The PID file is truncated before it is read (pidfile.ts: truncatePidfile). */
  readonly pidfileTruncated: boolean;
  /** The PID file of a running daemon is taken over. */
  readonly pidfileTakenOver: boolean;
  /** With --log-format json the lines stay text. */
  readonly jsonLogsAsText: boolean;
  /** The configuration file is read again whenever it changes, without a signal. */
  readonly reloadedOnChange: boolean;
  /** The configuration file is watched for its runtimes (start.ts: runtimesOfFile). */
  readonly runtimesWatched: boolean;
  /** A reload that changes the authorization plugins keeps the chain as it was. */
  readonly chainKeptOnReload: boolean;
}

/** The document's start. */
export const REFERENCE_START: StartVariant = Object.freeze({
  firstTwoHostsOnly: false,
  addressesKept: (addresses: readonly ListenAddress[]) => addresses,
  plainTcpRefusedFrom28: false,
  plainTcpHalfRemovedFrom26: false,
  socketMode: 0o660,
  socketBoundAsIs: undefined,
  plainRequest: false,
  sslv3: false,
  plainForMs: 0,
  plainPing: false,
  pidfileTruncated: false,
  pidfileTakenOver: false,
  jsonLogsAsText: false,
  reloadedOnChange: false,
  runtimesWatched: false,
  chainKeptOnReload: false,
});

/** Quirk hypothetical.listen.multiple.one-per-scheme: the addresses a map keyed by scheme keeps, the first of each kind. */
function firstOfEachScheme<T extends { readonly kind: string }>(addresses: readonly T[]): T[] {
  const seen = new Set<string>();
  return addresses.filter((address) => !seen.has(address.kind) && seen.add(address.kind) !== undefined);
}

/** Quirk hypothetical.tls.verify.plain-before-tls: how long the listener answers plain HTTP after it opened. */
const PLAIN_FOR_MS = 4_000;

/**
 * Quirk hypothetical.listen.unix.mode-from-start.chmod-after-listen: under the process's umask, the
 * mode set once the rest of the start is done, 5 ms after the socket listens.
 */
const BOUND_AS_IS = { lateMs: 5 } as const;

/**
 * Each fault and quirk of the start, and what it sets; the later row wins (of the socket's binding
 * and of SSLv3, the fault over the quirk: the order the old branches asked them in).
 */
export const START_VARIATIONS: readonly VariationRow<StartVariant>[] = [
  // Quirks (specs/quirks).
  ['hypothetical.listen.multiple.one-per-scheme', { addressesKept: firstOfEachScheme }],
  ['hypothetical.listen.tcp.unauthenticated-deprecated.removed-early', { plainTcpRefusedFrom28: true }],
  ['hypothetical.listen.unix.mode-from-start.chmod-after-listen', { socketBoundAsIs: BOUND_AS_IS }],
  ['hypothetical.tls.versions.old-refused.sslv3-minimum', { sslv3: true }],
  ['hypothetical.tls.verify.plain-before-tls', { plainForMs: PLAIN_FOR_MS }],
  ['hypothetical.tls.plain-request.ping-served', { plainPing: true }],
  ['hypothetical.config.multiple-daemons.pidfile-truncated', { pidfileTruncated: true }],
  ['hypothetical.reload.needs-signal.runtimes-watched', { runtimesWatched: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['listen.multiple', { firstTwoHostsOnly: true }],
  ['listen.tcp.unauthenticated-deprecated', { plainTcpHalfRemovedFrom26: true }],
  ['listen.unix.mode', { socketMode: 0o666 }],
  ['listen.unix.mode-from-start', { socketBoundAsIs: { lateMs: 200 } }],
  ['tls.plain-request', { plainRequest: true }],
  ['tls.versions.old-refused', { sslv3: true }],
  ['config.multiple-daemons', { pidfileTakenOver: true }],
  ['config.log-format.json', { jsonLogsAsText: true }],
  ['reload.needs-signal', { reloadedOnChange: true }],
  ['reload.option.authorization-plugins', { chainKeptOnReload: true }],
];

/** The start of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const startVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): StartVariant => resolveVariant(REFERENCE_START, START_VARIATIONS, config);
