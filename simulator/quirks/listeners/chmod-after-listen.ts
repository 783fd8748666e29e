import type { QuirkModule } from '../quirk-module.js';

/**
 * Hypothetical: a unix socket is bound under the process's umask and given its mode in the listen
 * callback, as a daemon that calls listen and then chmod does: for about a millisecond it has the
 * umask's mode (0777 under umask 0), and a connection made then stays usable.
 */
export const CHMOD_AFTER_LISTEN = 'hypothetical.listen.unix.mode-from-start.chmod-after-listen';
export const chmodAfterListen: QuirkModule = {
  where:
    'simulator/quirks/listeners/chmod-after-listen.ts, its row of simulator/daemon/start-variant.ts (START_VARIATIONS), carried by simulator/listeners/listen.ts (socketBoundAsIs)',
};

/** Observed on 29.7.2: what the hypothetical quirk supposes (0777 under umask 0 for about 10 ms, then 0660). */
export const OBSERVED_CHMOD_AFTER_LISTEN = 'observed.listen.unix.mode-from-start';
export const observedChmodAfterListen: QuirkModule = { where: chmodAfterListen.where };

/** The hypothetical binding: under the process's umask, the mode set as soon as the socket listens. */
export const BOUND_AS_IS = { lateMs: 0 } as const;

/**
 * The observed binding: under the process's umask, the mode set 20 ms later, requests held meanwhile
 * (29.7.2 serves its API only after the chmod). 29.7.2's window was seen lasting about 10 ms from
 * its first sighting, so at least that; 20 ms keeps it wider than the longest pause of the watching
 * thread on a loaded two-core machine, so that every start shows it, as the agreement test needs.
 */
export const BOUND_AS_OBSERVED = { lateMs: 20 } as const;
