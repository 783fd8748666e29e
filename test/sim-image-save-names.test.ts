import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * The names a save looks up (simulator/engine/images/save.ts): generated names, present and
 * missing, tagged, by digest, by ID or its prefix, malformed, one or two at a time, compared with
 * each observed release (the graph drivers' reference store and 29.7's containerd store word a
 * missing one apart).
 */

const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;
const name = fc.constantFrom(
  'ctc-img:1',
  'ctc-img',
  'ctc-img:2',
  'ctc-missing',
  'ctc-missing:1',
  `ctc-img@${DIGEST}`,
  `ctc-missing:1@${DIGEST}`,
  DIGEST,
  '0123456789ab',
  'localhost:5000/ctc-missing:1',
  'Ctc-missing',
  'a:b:c',
);

const requests: fc.Arbitrary<Ask> = fc.oneof(
  name.map((n) => ({ method: 'GET', path: `/images/${n}/get` })),
  fc
    .array(name, { minLength: 1, maxLength: 2 })
    .map((names) => ({ method: 'GET', path: `/images/get?${names.map((n) => `names=${encodeURIComponent(n)}`).join('&')}` })),
);

/** The status, and an error's message with the daemon's own data root taken out (an archive's bytes are not compared here). */
async function statusAndError(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, status >= 400 ? message.replace(/open \S+\/image\//, 'open <data-root>/image/') : ''];
}

checkAgainstObservedReleases('the names a save looks up', 'ctc-save-names-', requests, 40, {
  setup: async (client) => {
    await importBusybox(client);
    return {};
  },
  read: statusAndError,
});
