import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * POST /containers/prune and POST /networks/prune (simulator/engine/containers/prune.ts): the
 * filters in moby's order, `until` read by timetypes.GetTimestamp (a Go duration, an RFC 3339-like
 * date through Go's time.Parse, a Unix timestamp), the containers not running that they keep, and
 * no network (the daemon's are its pre-defined ones). The table is what 20.10.24, 26.1.5 and
 * 28.5.2 answered (2026-11-27); the property prunes alike-made containers on each real release and
 * on ctrd-sim emulating it with generated filters.
 */

const prune = (what: 'containers' | 'networks', filters: unknown): Ask => ({
  method: 'POST',
  path: `/${what}/prune?filters=${encodeURIComponent(JSON.stringify(filters))}`,
});
const refused = (message: string): readonly [[number, string], [number, string], '='] => [[500, message], [400, message], '='];
const NONE = '{"ContainersDeleted":null,"SpaceReclaimed":0}';

const OBSERVED: Observed = [
  [prune('containers', { until: ['x'] }), ...refused('failed to parse value as time or duration: "x"')],
  [prune('containers', { until: ['1e3'] }), ...refused('failed to parse value as time or duration: "1e3"')],
  [prune('containers', { until: ['1.x'] }), ...refused('failed to parse value as time or duration: "1.x"')],
  [prune('containers', { until: [''] }), ...refused('failed to parse value as time or duration: ""')],
  [prune('containers', { until: ['2020-13-01'] }), ...refused('parsing time "2020-13-01": month out of range')],
  [prune('containers', { until: ['2020-01-01x'] }), ...refused('parsing time "2020-01-01x": extra text: "x"')],
  // The time package's quote: bytes beyond ASCII and below a space as \x.. (moby's own %q keeps é).
  [prune('containers', { until: ['2020-13-01\u00e9'] }), ...refused('parsing time "2020-13-01\\xc3\\xa9": month out of range')],
  [prune('containers', { until: ['2020-01-01T00:00:00\t'] }), ...refused('parsing time "2020-01-01T00:00:00\\x09": extra text: "\\x09"')],
  [prune('containers', { until: ['\u00e9'] }), ...refused('failed to parse value as time or duration: "\u00e9"')],
  [prune('containers', { until: ['2020-1-01'] }), ...refused('parsing time "2020-1-01" as "2006-01-02": cannot parse "1-01" as "01"')],
  [prune('containers', { until: ['2020-01-01T25:00'] }), ...refused('parsing time "2020-01-01T25:00": hour out of range')],
  [prune('containers', { until: ['1h-'] }), ...refused('parsing time "1h-" as "2006-01-02": cannot parse "1h-" as "2006"')],
  [prune('containers', { until: ['1', '2'] }), ...refused('more than one until filter specified')],
  [prune('containers', { bogus: ['x'] }), [400, "Invalid filter 'bogus'"], [400, "invalid filter 'bogus'"], '='],
  [prune('containers', { until: ['10m'] }), [200, NONE], '=', '='],
  [prune('containers', { until: ['1.5'] }), [200, NONE], '=', '='],
  [prune('containers', { until: ['0'] }), [200, NONE], '=', '='],
  [prune('containers', { until: ['2020-01-01T00:00:00Z'] }), [200, NONE], '=', '='],
  // 20.10's older Go names what is left after a year or zone it took in part, checks no zone offset's range, and reads nine digits of a fraction at most.
  [
    prune('containers', { until: ['20x0-00-00'] }),
    [500, 'parsing time "20x0-00-00" as "2006-01-02": cannot parse "-00-00" as "2006"'],
    [400, 'parsing time "20x0-00-00" as "2006-01-02": cannot parse "20x0-00-00" as "2006"'],
    '=',
  ],
  [
    prune('containers', { until: ['1h-1m'] }),
    [500, 'parsing time "1h-1m" as "2006-01-02": cannot parse "m" as "2006"'],
    [400, 'parsing time "1h-1m" as "2006-01-02": cannot parse "1h-1m" as "2006"'],
    '=',
  ],
  [
    prune('containers', { until: ['2020-01-01T00:00:00-x1:00'] }),
    [500, 'parsing time "2020-01-01T00:00:00-x1:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"'],
    [400, 'parsing time "2020-01-01T00:00:00-x1:00" as "2006-01-02T15:04:05Z07:00": cannot parse "-x1:00" as "Z07:00"'],
    '=',
  ],
  [prune('containers', { until: ['2020-01-01+25:61'] }), [200, NONE], [400, 'parsing time "2020-01-01+25:61": time zone offset minute out of range'], '='],
  [
    prune('containers', { until: ['2020-01-00+25:00'] }),
    [500, 'parsing time "2020-01-00+25:00": day out of range'],
    [400, 'parsing time "2020-01-00+25:00": time zone offset hour out of range'],
    '=',
  ],
  [
    prune('containers', { until: ['2020-01-01T00:00:00.1234567891'] }),
    [500, 'parsing time "2020-01-01T00:00:00.1234567891": extra text: "1"'],
    [200, NONE],
    '=',
  ],
  [prune('containers', { until: ['2020-01-01T00:00:00,5'] }), [200, NONE], '=', '='],
  [prune('containers', { until: ['2020-01-01T1:00'] }), [200, NONE], '=', '='],
  [prune('containers', { until: ['2020-01-01z'] }), ...refused('parsing time "2020-01-01z" as "2006-01-02Z07:00": cannot parse "z" as "Z07:00"')],
  [prune('containers', { until: ['20200-01-01'] }), ...refused('parsing time "20200-01-01" as "2006-01-02": cannot parse "0-01-01" as "-"')],
  [prune('containers', { until: ['1..5h'] }), ...refused('failed to parse value as time or duration: "1..5h"')],
  [prune('containers', { until: ['1µs'] }), [200, NONE], '=', '='],
  [prune('networks', { until: ['x'] }), ...refused('failed to parse value as time or duration: "x"')],
  [prune('networks', { bogus: ['x'] }), [400, "Invalid filter 'bogus'"], [400, "invalid filter 'bogus'"], '='],
  [prune('networks', { until: ['10m'] }), [200, '{"NetworksDeleted":null}'], '=', '='],
];

checkObserved('prune filters as moby reads them', 'ctc-prune-', OBSERVED);

/** Three containers alike on both sides, one of them running. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  await sleeper(client, 'ctc-p1', { Labels: { k: 'v' } });
  await sleeper(client, 'ctc-p2', { Labels: { k: 'w', e: '' } });
  await sleeper(client, 'ctc-p3', { Labels: {} });
  await sendOk(client, 'POST', '/containers/ctc-p3/start');
  return {};
}

/** The answer with each side's container IDs as one placeholder; a dropped connection (moby's panic) as such. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  try {
    const [status, message] = await statusAndMessage(client, ask);
    return [status, message.replace(/\b[0-9a-f]{64}\b/g, '<id>')];
  } catch (error) {
    return ['no answer', (error as Error).message.includes('timed out') ? 'timeout' : 'dropped'];
  }
}

// Bounds far from the containers' creation on both sides: a date or duration near it would keep a container on one side only.
const duration = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.integer({ min: 2, max: 99 }), fc.constantFrom('h', 'h30m', '.5h', 'h0s', 'H', 'x'))
  .map(([sign, n, unit]) => `${sign}${n}${unit}`);
const twoDigits = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
const date = fc
  .tuple(
    fc.constantFrom('2020', '2099', '1999', '20x0', '0001'),
    twoDigits(0, 13),
    twoDigits(0, 32),
    fc.option(fc.tuple(twoDigits(0, 25), fc.option(twoDigits(0, 61), { nil: undefined }), fc.option(twoDigits(0, 61), { nil: undefined })), { nil: undefined }),
    fc.constantFrom('', '.5', ',5', '.123456789012'),
    fc.constantFrom('', 'Z', 'z', '+01:00', '-05:30', '+25:00', '+01:61', '+0100', 'x'),
  )
  .map(([year, month, day, time, fraction, zone]) => {
    const clock = time === undefined ? '' : `T${[time[0], time[1], time[2]].filter((part) => part !== undefined).join(':')}`;
    return `${year}-${month}-${day}${clock}${clock === '' ? '' : fraction}${zone}`;
  });
const until = fc.oneof(
  duration,
  date,
  fc.constantFrom(
    '',
    '0',
    '1',
    '1.5',
    '1.',
    '+5',
    '-5',
    '2000000000',
    '1e3',
    'x',
    '1h-',
    'abc-def',
    '2020-1-1',
    '2020-02-30',
    '2024-02-29',
    '2023-02-29',
    '1.-5',
    // The time package quotes its errors byte by byte beyond ASCII and below a space; moby's own %q does not.
    '2020-01-0\u00e9',
    '2020-13-01\u00e9',
    '2020-01-01T00:00:00\t',
    '\u00e9',
  ),
);
const labelValues = fc.subarray(['k', 'k=v', 'k=w', 'e', 'e=']);
const filters = fc.record(
  {
    until: fc.oneof({ weight: 4, arbitrary: until.map((u) => [u]) }, { weight: 1, arbitrary: fc.constantFrom(['1', '2'], null) }),
    label: labelValues,
    'label!': labelValues,
    bogus: fc.constant(['x']),
  },
  { requiredKeys: [] },
);
const request = fc.tuple(fc.constantFrom('containers', 'networks'), filters, fc.constantFrom('', '/v1.41')).map(([what, f, prefix]): Ask => {
  const ask = prune(what as 'containers' | 'networks', f);
  return { ...ask, path: `${prefix}${ask.path}` };
});

checkAgainstRealReleases('prunes', 'ctc-prune-', request, 150, { setup, read });
