/** Shorthands for the rules of the deprecations area (the lifecycle and the version-dependent fields). Data only. */
import type { Capability, Rule } from '../../types.js';

export const AREA = 'deprecations';
export const LINUX = ['linux'] as const;
export const BOTH = ['linux', 'windows'] as const;
export const TESTABLE = { testable: true } as const;
export const daemonDoc = (section: string, quote: string) => ({ kind: 'document', document: 'daemon.md', section, quote }) as const;
export const notTestable = (why: string) => ({ testable: false, why }) as const;

/** The daemon's HTTP API, on either platform: the fields are the API's. */
export const API = { platforms: BOTH, surface: 'daemon-api' } as const;

/** The suite makes images and containers and reads what they became. */
export const OBJECTS: readonly Capability[] = ['objects'];

/** Keeps a rule's literal types (its id above all) while checking it is a Rule. */
export const rule = <const R extends Rule>(r: R): R => r;

/**
 * What every rule of the area works on, said once: the suite imports its own image from a
 * tarball (POST /images/create?fromSrc=-, nothing pulled) and creates containers on the network
 * `none`; each generated case cleans up what it made.
 */
export const OWN_OBJECTS = 'The suite imports its own image from a tarball and creates its containers with network mode none.';
