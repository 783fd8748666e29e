import type { ServerResponse } from 'node:http';
import { perConfigVariant, type VariationRow } from '../faults/variant-table.js';
import { daemonErrorForm } from '../quirks/model-runner/socket-daemon-errors.js';

/**
 * What mounting the runner on the daemon socket (mount.ts) may do differently from the document:
 * which paths under the prefix reach the runner, in what form its errors leave, and which
 * unprefixed paths it takes. REFERENCE_MOUNT is the document's; each fault and quirk that changes
 * it is one row of MOUNT_VARIATIONS.
 */
export interface MountVariant {
  /** Whether a request of this method under the prefix is passed to the runner (not: it falls to the daemon's routes). */
  readonly forwards: (method: string | undefined) => boolean;
  /** The management paths (all but /engines…) are served under the prefix. */
  readonly managementServed: boolean;
  /** The shortcut /engines/v1/… is served under the prefix. */
  readonly shortcutServed: boolean;
  /** What the runner's answers under the prefix pass through on their way out (undefined: nothing, the runner's own form). */
  readonly errorForm: ((res: ServerResponse) => void) | undefined;
  /** Unprefixed /engines/… goes to the runner. */
  readonly enginesUnprefixed: boolean;
  /** Whether another unprefixed URL goes to the runner. */
  readonly unprefixedToRunner: (url: string) => boolean;
}

/** The methods a proxy that forwards those of the inference endpoints alone passes to the runner. */
const PROXIED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);

const proxied = (method: string | undefined): boolean => PROXIED_METHODS.has(method ?? 'GET');

/** Whether a socket URL is one of the old unprefixed management paths: /models, /models/… (a query aside). */
const isOldModelsPath = (url: string): boolean => /^\/models(?:[/?]|$)/.test(url);

/** The document's mount. */
export const REFERENCE_MOUNT: MountVariant = Object.freeze({
  forwards: () => true,
  managementServed: true,
  shortcutServed: true,
  errorForm: undefined,
  enginesUnprefixed: false,
  unprefixedToRunner: () => false,
});

/** Each fault and quirk of the mount, and what it sets (no two set the same field). */
export const MOUNT_VARIATIONS: readonly VariationRow<MountVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.socket.prefix.management.delete-not-forwarded', { forwards: proxied }],
  ['hypothetical.mr.socket.prefix.daemon-errors', { errorForm: daemonErrorForm }],
  ['hypothetical.mr.socket.daemon-beside.models-unprefixed', { unprefixedToRunner: isOldModelsPath }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.socket.prefix.management', { managementServed: false }],
  ['mr.socket.prefix', { shortcutServed: false }],
  ['mr.socket.daemon-beside', { enginesUnprefixed: true }],
];

/** The mount of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const mountVariant = perConfigVariant(REFERENCE_MOUNT, MOUNT_VARIATIONS);
