import type { Test } from 'tap';
import type { HttpClient } from '../../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from '../helpers/busybox-containers.js';
import { servingDaemon, type StartedDaemon, startDaemon } from '../helpers/observe-claims.js';
import type { Daemon, ReadingClaim } from '../helpers/reading-claims.js';

/** A started daemon with the suite's busybox imported as ctc-img:1, or the probe failed. */
async function withImage(t: Test, daemon: Daemon): Promise<StartedDaemon | undefined> {
  const started = await servingDaemon(t, daemon);
  if (started !== undefined) await importBusybox(started.client);
  return started;
}

/** The API versions the daemon serves: its lowest and its own. */
async function apiRange(started: StartedDaemon): Promise<{ min: string; max: string }> {
  const version = (await started.get('/version')).body as { MinAPIVersion: string; ApiVersion: string };
  return { min: version.MinAPIVersion, max: version.ApiVersion };
}

const below = (a: string, b: string): boolean => {
  const [am, an] = a.split('.').map(Number) as [number, number];
  const [bm, bn] = b.split('.').map(Number) as [number, number];
  return am < bm || (am === bm && an < bn);
};

/** `wanted` versions the daemon serves (with its lowest and its own), in order, once each. */
async function served(started: StartedDaemon, wanted: readonly string[]): Promise<string[]> {
  const { min, max } = await apiRange(started);
  const all = [min, ...wanted.filter((v) => !below(v, min) && !below(max, v)), max];
  return [...new Set(all)].sort((a, b) => (below(a, b) ? -1 : below(b, a) ? 1 : 0));
}

/** GET `path` at API `api`: status and parsed body. */
async function getAt(client: HttpClient, api: string, path: string): Promise<{ status: number; body: unknown }> {
  const reply = await client.request('GET', `/v${api}${path}`, { timeoutMs: 15_000 });
  try {
    return { status: reply.status, body: JSON.parse(reply.body) as unknown };
  } catch {
    return { status: reply.status, body: reply.body };
  }
}

/** The tags GET /v<api>/images/json?<query> lists, sorted. */
async function listedTags(client: HttpClient, api: string, query: string): Promise<string[]> {
  const reply = await getAt(client, api, `/images/json?${query}`);
  if (reply.status !== 200) throw new Error(`GET /v${api}/images/json?${query}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return (reply.body as { RepoTags?: string[] | null }[]).flatMap((i) => i.RepoTags ?? []).sort();
}

/**
 * GET /images/json with two repositories (ctc-img:1 and ctc-flt/one:1): what `filter=ctc-flt/one`
 * and filters={"reference":["ctc-flt/one"]} list at each API version of `wanted` the daemon serves.
 */
async function filterParameter(
  t: Test,
  daemon: Daemon,
  wanted: readonly string[],
): Promise<{ api: string; all: string[]; filter: string[]; reference: string[] }[] | undefined> {
  const started = await withImage(t, daemon);
  if (started === undefined) return undefined;
  const { client } = started;
  await sendOk(client, 'POST', '/images/ctc-img:1/tag?repo=ctc-flt/one&tag=1');
  const rows = [];
  for (const api of await served(started, wanted)) {
    rows.push({
      api,
      all: await listedTags(client, api, ''),
      filter: await listedTags(client, api, 'filter=ctc-flt/one'),
      reference: await listedTags(client, api, `filters=${encodeURIComponent(JSON.stringify({ reference: ['ctc-flt/one'] }))}`),
    });
  }
  t.comment(JSON.stringify(rows));
  return rows;
}

const FILTER_VERSIONS = ['1.24', '1.40', '1.41', '1.44', '1.45'];

/** The events of GET /v<api>/events between `since` and `until` (seconds), parsed. */
async function eventsAt(client: HttpClient, api: string, since: number, until: number): Promise<Record<string, unknown>[]> {
  const reply = await client.request('GET', `/v${api}/events?since=${since}&until=${until}`, { timeoutMs: 20_000 });
  if (reply.status !== 200) throw new Error(`GET /v${api}/events: ${reply.status} ${reply.body}`);
  return reply.body
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * A volume, a container and an image tag made, then GET /v<api>/events over them at each version the
 * daemon serves around 1.52: `container-image`, whether container and image events carry status, id
 * (and from) below 1.52 and not from it; `volume`, that the volume's events never carry them.
 */
async function legacyEventFields(t: Test, daemon: Daemon, kinds: 'container-image' | 'volume'): Promise<void> {
  const started = await withImage(t, daemon);
  if (started === undefined) return;
  const { client } = started;
  const since = Math.floor(Date.now() / 1000) - 1;
  await sendOk(client, 'POST', '/volumes/create', JSON.stringify({ Name: 'ctc-ev-vol' }));
  await sendOk(client, 'POST', '/images/ctc-img:1/tag?repo=ctc-ev/img&tag=1');
  await sleeper(client, 'ctc-ev');
  const until = Math.floor(Date.now() / 1000) + 1;
  for (const api of await served(started, ['1.24', '1.44', '1.51', '1.52'])) {
    const events = await eventsAt(client, api, since, until);
    const legacy = (e: Record<string, unknown>): string[] => ['status', 'id', 'from'].filter((k) => k in e);
    if (kinds === 'volume') {
      const volume = events.filter((e) => e['Type'] === 'volume');
      t.ok(volume.length > 0, `API ${api}: the volume's events are there`);
      for (const e of volume) t.same(legacy(e), [], `API ${api}: the volume ${String(e['Action'])} event has none of status, id, from`);
      continue;
    }
    const container = events.find((e) => e['Type'] === 'container' && e['Action'] === 'create');
    const image = events.find((e) => e['Type'] === 'image' && e['Action'] === 'tag');
    const keeps = below(api, '1.52');
    t.same(
      legacy(container ?? {}),
      keeps ? ['status', 'id', 'from'] : [],
      `API ${api}: the container create event ${keeps ? 'has' : 'lacks'} status, id, from`,
    );
    t.same(legacy(image ?? {}), keeps ? ['status', 'id'] : [], `API ${api}: the image tag event ${keeps ? 'has' : 'lacks'} status, id`);
  }
}

/** What the deprecations area's readings say the releases do, and how each is observed. */
export const CLAIMS: readonly ReadingClaim[] = [
  {
    rule: 'deprecated.image-inspect.container-config',
    reading: 'otherReading',
    words: 'an imported image; 26.1.5 and 28.5.2 omit it, 20.10.24 sends ""',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        const started = await withImage(t, daemon);
        if (started === undefined) return;
        for (const api of await served(started, ['1.24', '1.44'])) {
          if (!below(api, '1.45')) continue;
          const image = (await getAt(started.client, api, '/images/ctc-img:1/json')).body as Record<string, unknown>;
          if (daemon.release === '20.10') t.equal(image['Container'], '', `API ${api}: Container of an imported image is ""`);
          else t.notOk('Container' in image, `API ${api}: no Container key for an imported image (got ${JSON.stringify(image['Container'])})`);
          t.equal(typeof image['ContainerConfig'], 'object', `API ${api}: ContainerConfig is there`);
        }
      },
    },
  },
  {
    rule: 'deprecated.images-list.filter-parameter',
    reading: 'reading',
    words:
      'Observed: the `reference` filter does so at every version on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, and `filter=<pattern>` changes nothing from API 1.41 on all four and at every version 29.7.2 serves (1.40 up).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const rows = await filterParameter(t, daemon, FILTER_VERSIONS);
        if (rows === undefined) return;
        for (const { api, all, filter, reference } of rows) {
          t.same(reference, ['ctc-flt/one:1'], `API ${api}: the reference filter lists exactly ctc-flt/one:1`);
          if (!below(api, '1.41') || daemon.release === '29.7') t.same(filter, all, `API ${api}: filter=ctc-flt/one changes nothing`);
          else t.same(filter, reference, `API ${api}: filter=ctc-flt/one filters as the reference filter (the known deviation)`);
        }
      },
    },
  },
  {
    rule: 'deprecated.images-list.filter-parameter',
    reading: 'reading',
    words:
      'read as, on 20.10 and later `filter=<pattern>` changes nothing at any API version (the list is the one without it), while the `reference` filter lists exactly the matching tags at every version',
    observed: { kind: 'verdict', on: ['29.7'], status: 'pass' },
  },
  {
    rule: 'deprecated.images-list.filter-parameter',
    reading: 'reading',
    words: 'Releases before 20.10 still had it (deprecated): not judged here.',
    observed: {
      kind: 'probe',
      on: ['20.10'],
      observe: async (t, daemon) => {
        const rows = await filterParameter(t, daemon, []);
        const lowest = rows?.[0];
        if (lowest === undefined) return;
        t.equal(lowest.api, '1.12', '20.10 serves API 1.12, the API of releases before it');
        t.same(lowest.filter, ['ctc-flt/one:1'], 'at its lowest API version 20.10 itself still filters by filter=ctc-flt/one');
      },
    },
  },
  {
    rule: 'deprecated.images-list.filter-parameter',
    reading: 'reading',
    words: '20.10.24, 26.1.5 and 28.5.2 still honour it below API 1.41 (specs/known-deviations.ts',
    observed: { kind: 'known-deviation', quirk: 'observed.deprecated.images-list.filter-parameter' },
  },
  {
    rule: 'deprecated.kernel-memory',
    reading: 'reading',
    words: 'Observed: 26.1.5 and 28.5.2 leave the key out of inspect once it is 0, whatever version inspect is asked at.',
    observed: {
      kind: 'probe',
      on: ['26.1', '28.5'],
      observe: async (t, daemon) => {
        const started = await withImage(t, daemon);
        if (started === undefined) return;
        const { client } = started;
        const config = { Image: 'ctc-img:1', Cmd: ['/bin/true'], HostConfig: { NetworkMode: 'none', KernelMemory: 8 * 1024 * 1024 } };
        const created = await client.request('POST', '/v1.42/containers/create?name=ctc-km0', { json: config, timeoutMs: 30_000 });
        t.equal(created.status, 201, `a create at API 1.42 with KernelMemory 8 MiB is taken: ${created.body}`);
        const plain = await client.request('POST', '/containers/create?name=ctc-km1', {
          json: { Image: 'ctc-img:1', Cmd: ['/bin/true'], HostConfig: { NetworkMode: 'none' } },
          timeoutMs: 30_000,
        });
        t.equal(plain.status, 201, `a create without KernelMemory is taken: ${plain.body}`);
        for (const api of await served(started, ['1.24', '1.41', '1.42'])) {
          for (const name of ['ctc-km0', 'ctc-km1']) {
            const inspect = (await getAt(client, api, `/containers/${name}/json`)).body as { HostConfig?: Record<string, unknown> };
            t.notOk(
              'KernelMemory' in (inspect.HostConfig ?? {}),
              `API ${api}: ${name}'s HostConfig has no KernelMemory key (got ${JSON.stringify(inspect.HostConfig?.['KernelMemory'])})`,
            );
          }
        }
      },
    },
  },
  {
    rule: 'deprecated.kernel-memory',
    reading: 'reading',
    words: 'Below 1.42 a limit under 6 MiB is refused ("Minimum kernel memory limit allowed is 6MB", 20.10.24 and 28.5.2)',
    observed: {
      kind: 'probe',
      on: ['20.10', '28.5'],
      observe: async (t, daemon) => {
        const started = await withImage(t, daemon);
        if (started === undefined) return;
        for (const api of await served(started, ['1.24', '1.41'])) {
          if (!below(api, '1.42')) continue;
          const config = { Image: 'ctc-img:1', Cmd: ['/bin/true'], HostConfig: { NetworkMode: 'none', KernelMemory: 1024 * 1024 } };
          const created = await started.client.request('POST', `/v${api}/containers/create`, { json: config, timeoutMs: 30_000 });
          t.equal(created.status, 400, `API ${api}: a create with KernelMemory 1 MiB is refused: ${created.status} ${created.body}`);
          t.match(created.body, /Minimum kernel memory limit allowed is 6MB/, `API ${api}: with the minimum named`);
        }
      },
    },
  },
  {
    rule: 'deprecated.container-start.host-config',
    reading: 'reading',
    words: '20.10.24 still takes the body below API 1.24 (specs/known-deviations.ts).',
    observed: { kind: 'known-deviation', quirk: 'observed.deprecated.container-start.host-config' },
  },
  {
    rule: 'deprecated.container-copy.removed',
    reading: 'reading',
    words: '20.10.24 still copies below API 1.24 (specs/known-deviations.ts).',
    observed: { kind: 'known-deviation', quirk: 'observed.deprecated.container-copy.removed' },
  },
  {
    rule: 'deprecated.network.dns-names',
    reading: 'reading',
    words:
      'every endpoint of NetworkSettings.Networks has the key DNSNames from 25.0, at every API version (observed on 26.1.5 and 28.5.2, null on the network none), and not before (NetworkSettings.Networks itself is there from API 1.21)',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const started = await withImage(t, daemon);
        if (started === undefined) return;
        await sleeper(started.client, 'ctc-dns');
        for (const api of await served(started, ['1.21', '1.24', '1.44'])) {
          const inspect = (await getAt(started.client, api, '/containers/ctc-dns/json')).body as {
            NetworkSettings?: { Networks?: Record<string, Record<string, unknown>> };
          };
          const endpoint = inspect.NetworkSettings?.Networks?.['none'];
          if (below(api, '1.21')) {
            t.notOk(inspect.NetworkSettings !== undefined && 'Networks' in inspect.NetworkSettings, `API ${api}: no NetworkSettings.Networks below 1.21`);
            continue;
          }
          t.ok(endpoint !== undefined, `API ${api}: NetworkSettings.Networks has the endpoint none: ${JSON.stringify(inspect.NetworkSettings?.Networks)}`);
          if (daemon.release === '20.10') t.notOk('DNSNames' in (endpoint ?? {}), `API ${api}: 20.10 has no DNSNames key`);
          else
            t.ok(
              endpoint !== undefined && 'DNSNames' in endpoint && endpoint['DNSNames'] === null,
              `API ${api}: DNSNames is there, null (got ${JSON.stringify(endpoint?.['DNSNames'])})`,
            );
        }
      },
    },
  },
  {
    rule: 'deprecated.events.legacy-fields',
    reading: 'reading',
    words: "The daemon's own API change log drops them in 1.52, 29.0",
    observed: { kind: 'probe', on: ['28.5', '29.7'], observe: (t, daemon) => legacyEventFields(t, daemon, 'container-image') },
  },
  {
    rule: 'deprecated.events.legacy-fields',
    reading: 'reading',
    words: 'network, volume and other kinds came with the richer structure and never had them',
    observed: { kind: 'probe', on: ['20.10', '26.1', '28.5', '29.7'], observe: (t, daemon) => legacyEventFields(t, daemon, 'volume') },
  },
  {
    rule: 'deprecated.options.removed-refused',
    reading: 'reading',
    words: '28.x still parses --api-cors-header but refuses any non-empty value (observed), which is a refusal all the same.',
    observed: {
      kind: 'probe',
      on: ['28.5'],
      observe: async (t, daemon) => {
        const empty = await startDaemon(t, daemon, { args: ['--api-cors-header='] });
        t.ok(empty.ok, `--api-cors-header= (empty) is parsed and the daemon starts${empty.ok ? '' : `: ${empty.output}`}`);
        if (empty.ok) await empty.started.instance.stop();
        for (const value of ['*', 'https://192.0.2.1']) {
          const set = await startDaemon(t, daemon, { args: [`--api-cors-header=${value}`] });
          t.notOk(set.ok, `--api-cors-header=${value} is refused`);
          if (!set.ok) {
            t.not(set.exitCode, 0, `a non-zero exit (${set.exitCode})`);
            t.match(set.output, /"--api-cors-header" option have been removed/, `the output names the option: ${set.output.slice(-400)}`);
          }
        }
      },
    },
  },
];
