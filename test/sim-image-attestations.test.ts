import fc from 'fast-check';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * GET /images/{name}/attestations (29.7; simulator/engine/images/attestations.ts): generated names,
 * API versions and queries (platforms as JSON, one or two, the filters it reads, a pair Go's form
 * parser refuses), compared with each observed release (before 29.7 the path is no route).
 */

const platform = fc.constantFrom(
  '{"os":"linux","architecture":"amd64"}',
  '{"os":"linux","architecture":"arm64","variant":"v8"}',
  '{"os":"linux"}',
  '{"variant":"v7"}',
  '{"os":1}',
  'x',
  '',
  '[]',
);
const pair = fc.oneof(
  platform.map((p) => `platform=${encodeURIComponent(p)}`),
  fc.constantFrom('type=https%3A%2F%2Fspdx.dev%2FDocument', 'statement=1', 'statement=x', 'a=%zz', 'a;b'),
);

const requests: fc.Arbitrary<Ask> = fc
  .record({
    version: fc.constantFrom('', '/v1.54', '/v1.55', '/v1.41'),
    name: fc.constantFrom('ctc-img:1', 'ctc-img', 'ctc-missing', 'Ctc-missing', 'ctc-img:1/x', 'sha256:0123'),
    pairs: fc.array(pair, { maxLength: 3 }),
    method: fc.constantFrom('GET', 'GET', 'GET', 'POST'),
  })
  .map(({ version, name, pairs, method }) => ({
    method,
    path: `${version}/images/${name}/attestations${pairs.length === 0 ? '' : `?${pairs.join('&')}`}`,
  }));

checkAgainstObservedReleases('image attestations', 'ctc-attestations-', requests, 60, {
  setup: async (client) => {
    await importBusybox(client);
    return {};
  },
});
