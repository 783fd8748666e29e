/** Shorthands of the deprecations area (the lifecycle and the version-dependent fields); the shared ones are in ../kit.ts. Data only. */
import type { Capability } from '../../types.js';
import { BOTH } from '../kit.js';

export const AREA = 'deprecations';

/** The daemon's HTTP API, on either platform: the fields are the API's. */
export const API = { platforms: BOTH, surface: 'daemon-api' } as const;

/** The suite makes images and containers and reads what they became. */
export const OBJECTS: readonly Capability[] = ['objects'];

/**
 * What every rule of the area works on, said once: the suite imports its own image from a
 * tarball (POST /images/create?fromSrc=-, nothing pulled) and creates containers on the network
 * `none`; each generated case cleans up what it made.
 */
export const OWN_OBJECTS = 'The suite imports its own image from a tarball and creates its containers with network mode none.';
