import fc from 'fast-check';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed } from './helpers/real-versus-sim.js';

/**
 * GET /events's `since` and `until` (simulator/engine/events/route.ts) as moby's eventTime reads
 * them: timetypes.ParseTimestamps, whose strconv.ParseInt error is a plain one (500 on every
 * release), -1 seconds for no bound, and `until` before `since` refused (400). The table is what
 * 20.10.24, 26.1.5 and 28.5.2 answered (2026-11-27); the property sends generated bounds, all in
 * the past, to each real release and to ctrd-sim emulating it.
 */

const events = (since: string, until: string): Ask => ({
  method: 'GET',
  path: `/events?since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`,
});
const parseInt500 = (text: string, why = 'invalid syntax'): [number, string] => [500, `strconv.ParseInt: parsing ${JSON.stringify(text)}: ${why}`];

const OBSERVED: Observed = [
  [events('x', '1'), parseInt500('x'), '=', '='],
  [events('0', '10m'), parseInt500('10m'), '=', '='],
  [events('2020-01-01T00:00:00Z', '1'), parseInt500('2020-01-01T00:00:00Z'), '=', '='],
  [events('1.x', '1'), parseInt500('x'), '=', '='],
  [events('1.5.5', '1'), parseInt500('5.5'), '=', '='],
  [events(' 1', '1'), parseInt500(' 1'), '=', '='],
  [events('1e3', '1'), parseInt500('1e3'), '=', '='],
  [events('0', '99999999999999999999'), parseInt500('99999999999999999999', 'value out of range'), '=', '='],
  [events('5', '1'), [400, '`since` time (5) cannot be after `until` time (1)'], '=', '='],
  [events('1.5', '1.4'), [400, '`since` time (1.5) cannot be after `until` time (1.4)'], '=', '='],
  [events('0', '-5'), [400, '`since` time (0) cannot be after `until` time (-5)'], '=', '='],
  [events('+5', '1'), [400, '`since` time (+5) cannot be after `until` time (1)'], '=', '='],
  [events('-1', '0'), [200, ''], '=', '='],
];

checkObserved('events bounds as moby reads them', 'ctc-evb-', OBSERVED);

const bound = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1',
    '+1',
    '-5',
    '1.5',
    '1.05',
    '2.',
    '.5',
    '1.-5',
    '1.+5',
    'x',
    '1e3',
    ' 1',
    '1.5.5',
    '99999999999999999999',
    '-1.5',
    '1.1234567891',
  ),
  fc
    .tuple(fc.integer({ min: -3, max: 9 }), fc.option(fc.stringMatching(/^[0-9]{0,11}$/), { nil: undefined }))
    .map(([s, n]) => (n === undefined ? `${s}` : `${s}.${n}`)),
);
// An empty or -1 `until` would hold the stream open: the generated ones are past times.
const pastUntil = bound.filter((until) => until !== '' && !until.startsWith('-1') && !/^[^.]*9{5}/.test(until));

checkAgainstRealReleases(
  'events bounds',
  'ctc-evb-',
  fc.tuple(bound, pastUntil).map(([since, until]) => events(since, until)),
  200,
);
