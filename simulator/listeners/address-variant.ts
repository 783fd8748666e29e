import { inRange } from '../../common/dotted-version.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

/**
 * What reading a `-H` value (address.ts: parseHost) may do differently from the document.
 * REFERENCE_ADDRESS is the document's; each fault and quirk that changes it is one row of
 * ADDRESS_VARIATIONS.
 */
export interface AddressVariant {
  /** The `:port` shorthand listens on the next port. */
  readonly colonFormOnNextPort: boolean;
  /** The host `localhost` listens on. */
  readonly localhost: string;
  /** The default port with TLS, of an address whose host is written (`host:`, `tcp://host`) or not (bare `tcp://`, `:port`). */
  readonly tlsDefaultPort: (hostWritten: boolean) => number;
  /** An address with a path is refused, in the emulated release's words. */
  readonly pathRefused: boolean;
  /** The path of an address is its base path. */
  readonly pathKept: boolean;
}

/** The document's addresses (daemon.md › Endpoints › Daemon listening sockets): 2376 with TLS. */
export const REFERENCE_ADDRESS: AddressVariant = Object.freeze({
  colonFormOnNextPort: false,
  localhost: 'localhost',
  tlsDefaultPort: () => 2376,
  pathRefused: false,
  pathKept: true,
});

/** The refusal of an address with a path (pathRefused), in each release's words (observed 2026-11-24). */
export function refuseTcpPath(raw: string, port: string, path: string, release: DaemonRelease): SimError {
  if (inRange(release.release, { min: '26.0' })) {
    return new SimError('SIM_USAGE', `invalid argument "${raw}" for "-H, --host" flag: invalid bind address (${raw}): should not contain a path element`);
  }
  return new SimError('SIM_LISTEN', `failed to load listeners: listen tcp: address tcp/${port}${path}: unknown port`);
}

/** 2375 with TLS too. */
const plainPort = (): number => 2375;

/**
 * Each fault and quirk of the addresses, and what it sets; the later row wins (of the default port
 * with TLS, the fault over the observed quirk over the hypothetical one: the order the old branches
 * asked them in).
 */
export const ADDRESS_VARIATIONS: readonly VariationRow<AddressVariant>[] = [
  // Quirks (specs/quirks/listeners.ts, specs/known-deviations.ts).
  // tcp://localhost:P listens on ::1 only.
  ['hypothetical.listen.tcp.forms.localhost-v6', { localhost: '::1' }],
  // Only the bare tcp:// takes 2376 with TLS.
  ['hypothetical.listen.tcp.default-port.host-form-2375', { tlsDefaultPort: (hostWritten: boolean) => (hostWritten ? 2375 : 2376) }],
  // Observed (20.10, 26.1, 28.5): bare tcp:// (and host:) takes 2375 with TLS too.
  ['observed.listen.tcp.default-port', { tlsDefaultPort: plainPort }],
  // Observed (20.10, 26.1, 28.5): an address with a path is refused at start.
  ['observed.listen.tcp.path', { pathRefused: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['listen.tcp.forms', { colonFormOnNextPort: true }],
  ['listen.tcp.default-port', { tlsDefaultPort: plainPort }],
  // The path is dropped.
  ['listen.tcp.path', { pathKept: false }],
];

/** The addresses of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const addressVariant = perConfigVariant(REFERENCE_ADDRESS, ADDRESS_VARIATIONS);
