import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * POST /containers/{name}/resize (simulator/engine/containers/resize.ts) and POST /build/cancel
 * (simulator/engine/build/routes.ts) against each real release: the sizes as the release reads them
 * (Atoi before 28.0, moby's Uint32Value from it), then the container, which must run; a cancel
 * needs an ID and nothing else. Generated requests go to alike-made containers (running, with and
 * without a TTY, paused, created) on each real release and on ctrd-sim emulating it.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  for (const [name, tty] of [
    ['ctc-r1', false],
    ['ctc-r2', true],
    ['ctc-r3', false],
    ['ctc-r4', false],
  ] as const)
    await sleeper(client, name, { Tty: tty });
  for (const name of ['ctc-r1', 'ctc-r2', 'ctc-r3']) await sendOk(client, 'POST', `/containers/${name}/start`);
  await sendOk(client, 'POST', '/containers/ctc-r3/pause');
  return {};
}

const read = async (client: HttpClient, ask: Ask): Promise<unknown> => {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, message.replace(/\b[0-9a-f]{64}\b/g, '<id>')];
};

const size = fc.oneof(
  fc.constantFrom('', '0', '10', '-1', '+5', '-', '--1', '010', ' 1', 'x', '4294967295', '4294967296', '99999999999', '9223372036854775808'),
  fc.integer({ min: -5, max: 70000 }).map(String),
);
const resize = fc
  .tuple(
    fc.constantFrom('ctc-r1', 'ctc-r2', 'ctc-r3', 'ctc-r4', 'nosuch'),
    fc.option(size, { nil: undefined }),
    fc.option(size, { nil: undefined }),
    fc.constantFrom('', '/v1.41'),
  )
  .map(([name, h, w, prefix]): Ask => {
    const query = [h === undefined ? '' : `h=${encodeURIComponent(h)}`, w === undefined ? '' : `w=${encodeURIComponent(w)}`].filter((p) => p !== '').join('&');
    return { method: 'POST', path: `${prefix}/containers/${name}/resize${query === '' ? '' : `?${query}`}` };
  });
const cancel = fc
  .option(fc.constantFrom('', 'x', 'abc123', 'a%20b'), { nil: undefined })
  .map((id): Ask => ({ method: 'POST', path: `/build/cancel${id === undefined ? '' : `?id=${id}`}` }));

checkAgainstRealReleases('resizes and build cancels', 'ctc-resize-', fc.oneof({ weight: 5, arbitrary: resize }, { weight: 1, arbitrary: cancel }), 120, {
  setup,
  read,
});

// Observed on 20.10.24, 26.1.5 and 28.5.2 (2026-11-27): a resize records its sizes beside the container's image and name.
t.test('a resize records its event with the sizes', async (t) => {
  for (const release of ['20.10', '26.1', '28.5'] as const) {
    const client = await simClient(t, 'ctc-resize-', release);
    await setup(client);
    t.same(await read(client, { method: 'POST', path: '/containers/ctc-r1/resize?h=10&w=20' }), [200, ''], `${release}: resized`);
    const filters = encodeURIComponent(JSON.stringify({ event: ['resize'] }));
    const events = await client.request('GET', `/events?since=0&until=${Math.floor(Date.now() / 1000) + 1}&filters=${filters}`, { timeoutMs: 10_000 });
    const attributes = events.body
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { Actor: { Attributes: Record<string, string> } }).Actor.Attributes);
    t.same(attributes, [{ height: '10', image: 'ctc-img:1', name: 'ctc-r1', width: '20' }], `${release}: the resize event`);
  }
});
