import fc from 'fast-check';
import { CLIENT_FAULT_KINDS, MAX_DELAY_MS, MAX_SEED, MAX_STALL_MS, type ClientFaultKind } from '../../simulator/client-faults/index.js';

/** Generators of valid client-faults files (ctrd-sim --client-faults), shared by the file tests in JSON and YAML. */

const PATHS = ['/version', '/containers/{id}/json', '/containers/:id/json', '/images/**', '/containers/*', '/_ping', '/exp/vDMR/models'];
const REGEXES = ['^/images/', 'json$', '.*', '^/containers/[0-9a-f]+/(start|stop)$'];
const METHODS = ['GET', 'POST', 'DELETE', 'HEAD', 'PUT'];

const common = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 12 }),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.uniqueArray(fc.constantFrom(...METHODS), { minLength: 1, maxLength: 3 })),
    where: fc.oneof(
      fc.constantFrom(...PATHS).map((path) => ({ path })),
      fc.constantFrom(...REGEXES).map((pathRegex) => ({ pathRegex })),
      fc.constant({}),
    ),
    probability: fc.double({ min: 0, max: 1, noNaN: true }),
    times: fc.integer({ min: 1, max: 1000 }),
  },
  { requiredKeys: ['probability', 'where'] },
);

/** Valid parameters of each kind (optional ones sometimes left out). */
const PARAMS: { readonly [K in ClientFaultKind]: fc.Arbitrary<Record<string, unknown>> } = {
  delay: fc.record({ ms: fc.integer({ min: 0, max: MAX_DELAY_MS }) }),
  drop: fc.constant({}),
  reset: fc.record({ afterBytes: fc.nat() }, { requiredKeys: [] }),
  truncate: fc.record({ keepBytes: fc.nat() }, { requiredKeys: [] }),
  'malformed-json': fc.constant({}),
  'content-type': fc.record({ contentType: fc.stringMatching(/^[\x20-\x7e]{1,40}$/) }, { requiredKeys: [] }),
  'http-error': fc.record({ status: fc.integer({ min: 400, max: 599 }), message: fc.string() }, { requiredKeys: [] }),
  slow: fc.record(
    { chunkBytes: fc.integer({ min: 1, max: 65_536 }), intervalMs: fc.integer({ min: 1, max: 10_000 }), maxMs: fc.integer({ min: 1, max: 120_000 }) },
    { requiredKeys: [] },
  ),
  stall: fc.record(
    { afterBytes: fc.nat(), ms: fc.integer({ min: 1, max: MAX_STALL_MS }), afterwards: fc.constantFrom('resume', 'close') },
    { requiredKeys: ['ms'] },
  ),
};

/** One valid entry of any kind. */
export const validEntry = fc
  .tuple(fc.constantFrom(...CLIENT_FAULT_KINDS), common)
  .chain(([kind, { where, ...rest }]) => PARAMS[kind].map((params) => ({ kind, ...rest, ...where, ...params })));

/** A valid file: a seed (sometimes) and up to six entries. */
export const validFile = fc.record(
  { seed: fc.integer({ min: 0, max: MAX_SEED }), faults: fc.array(validEntry, { maxLength: 6 }) },
  { requiredKeys: ['faults'] },
);
