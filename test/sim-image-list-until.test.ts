import fc from 'fast-check';
import t from 'tap';
import { imageArchive } from '../suites/deprecations/full-images.js';
import { tarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk } from './helpers/busybox-containers.js';
import { installed } from './helpers/observe-claims.js';
import { inCI } from './helpers/real-daemons.js';
import { type Ask, checkAgainstRealReleases, checkAgainstRelease, checkObserved, type Observed } from './helpers/real-versus-sim.js';

/**
 * GET /images/json's `until` filter (simulator/engine/images/list-filters.ts): refused as an
 * unknown filter by 20.10; from 23.0 read by GetTimestamp (plain errors, 500), from 29.4 by
 * timestamp.Parse (400, "invalid value for 'until' filter: …"); with a graph driver the bound of
 * `before` compared with the config's Created, in containerd's store (29.x) compared with when each
 * tag's record, or the dangling one, was made. The first table is what the releases answered with
 * no image, the second how they list an untagged parent (which the property met); the property
 * builds one world on each real release and on ctrd-sim emulating it, records made at three
 * moments a few seconds apart, and lists it with generated `until` values around those moments
 * (and others) with the other filters, comparing the status and message, or each listed image
 * (named by its label) with its RepoTags and RepoDigests.
 */

const list = (filters: unknown): Ask => ({ method: 'GET', path: `/images/json?filters=${encodeURIComponent(JSON.stringify(filters))}` });
const UNTIL_X_29 = `invalid value for 'until' filter: failed to parse value as time or duration: invalid seconds "x": invalid syntax`;

// Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-06 ('=': as the release before it).
const OBSERVED: Observed = [
  [list({ until: ['x'] }), [400, "Invalid filter 'until'"], [500, 'failed to parse value as time or duration: "x"'], '=', [400, UNTIL_X_29]],
  [list({ until: ['1.'] }), [400, "Invalid filter 'until'"], [500, 'failed to parse value as time or duration: "1."'], '=', [200, '[]']],
  [
    list({ until: ['2026-13-01'] }),
    [400, "Invalid filter 'until'"],
    [500, 'parsing time "2026-13-01": month out of range'],
    '=',
    [400, `invalid value for 'until' filter: parsing time "2026-13-01": month out of range`],
  ],
  [
    list({ until: [''] }),
    [400, "Invalid filter 'until'"],
    [500, 'failed to parse value as time or duration: ""'],
    '=',
    [400, "invalid value for 'until' filter: failed to parse value as time or duration: value is empty"],
  ],
  [list({ until: ['x'], dangling: ['y'] }), [400, "Invalid filter 'until'"], [400, "invalid filter 'dangling=[y]'"], '=', [400, UNTIL_X_29]],
  [
    list({ until: ['x'], since: ['nosuch:1'] }),
    [400, "Invalid filter 'until'"],
    [500, 'failed to parse value as time or duration: "x"'],
    '=',
    [404, 'No such image: nosuch:1'],
  ],
  [list({ until: ['x'], before: ['nosuch:1'] }), [400, "Invalid filter 'until'"], [404, 'No such image: nosuch:1'], '=', '='],
  [list({ until: ['-1h'] }), [400, "Invalid filter 'until'"], [200, '[]'], '=', '='],
];

checkObserved('the image list refuses its until filter as each release did', 'ctc-lu-', OBSERVED);

/** The time between the moments records are made: each mark stands in the middle of one, far from every record. */
const GAP_MS = 4_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Each side's marks (ms since the epoch): m0 after the first records, m1 after the second, m2 after the last. */
const marksOf = new WeakMap<HttpClient, readonly number[]>();

const layer = (text: string): Promise<Buffer> => tarball([{ type: 'file', name: 'ctc', content: Buffer.from(text) }]);

async function importImage(client: HttpClient, label: string, tag: string | null): Promise<void> {
  const target = tag === null ? '' : `&repo=${tag.split(':')[0]}&tag=${tag.split(':')[1]}`;
  await sendOk(client, 'POST', `/images/create?fromSrc=-${target}&changes=${encodeURIComponent(`LABEL n=${label}`)}`, await layer(label), 'application/x-tar');
}

const tag = (client: HttpClient, from: string, to: string): Promise<string> =>
  sendOk(client, 'POST', `/images/${from}/tag?repo=${to.split(':')[0]}&tag=${to.split(':')[1]}`);

/** `m` committed as ctc-lu/m:1 from a container of ctc-lu/p:1 (never started), the container then removed. */
async function commitFromP(client: HttpClient): Promise<void> {
  await sendOk(client, 'POST', '/containers/create?name=ctc-lu-p', JSON.stringify({ Image: 'ctc-lu/p:1', Cmd: ['/ctc'], HostConfig: { NetworkMode: 'none' } }));
  await sendOk(client, 'POST', `/commit?container=ctc-lu-p&repo=ctc-lu/m&tag=1&changes=${encodeURIComponent('LABEL n=m')}`, '{}');
  await sendOk(client, 'DELETE', '/containers/ctc-lu-p?force=1');
}

/** `p` imported, `m` committed from it, `p`'s tag deleted: `p` stays untagged, `m`'s parent. */
async function untaggedParent(client: HttpClient): Promise<void> {
  await importImage(client, 'p', 'ctc-lu/p:1');
  await commitFromP(client);
  await sendOk(client, 'DELETE', '/images/ctc-lu/p:1');
}

/** The status and the labels `n` of the images listed, sorted. */
async function labelsListed(client: HttpClient, ask: Ask): Promise<readonly [number, string]> {
  const reply = await client.request('GET', ask.path, { timeoutMs: 10_000 });
  const images = JSON.parse(reply.body) as { Labels: Record<string, string> | null }[];
  return [
    reply.status,
    images
      .map((image) => image.Labels?.['n'] ?? '?')
      .sort()
      .join(' '),
  ];
}

// Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-06: a graph driver hides the untagged
// parent without `all` and takes only images without children for `dangling=true`; containerd's
// store hides it without `all` alone.
const PARENT_OBSERVED: Observed = [
  [{ method: 'GET', path: '/images/json' }, [200, 'm'], '=', '=', '='],
  [{ method: 'GET', path: '/images/json?all=1' }, [200, 'm p'], '=', '=', '='],
  [list({ dangling: ['true'] }), [200, ''], '=', '=', '='],
  [{ method: 'GET', path: `${list({ dangling: ['true'] }).path}&all=1` }, [200, ''], '=', '=', [200, 'p']],
];

checkObserved('an untagged parent in the image list, as each release showed it', 'ctc-lu-', PARENT_OBSERVED, labelsListed, [], untaggedParent);

/**
 * The world, made in three steps GAP_MS apart: (0) `old` loaded from an archive dated 2026-01-01,
 * `a` imported, `d` imported untagged, `p` imported; (1) `old` and `a` tagged again, `c` and `f`
 * imported, `m` committed from a container of `p`; (2) `a` tagged with a tag it has, `b:1` moved
 * from `a` to `c`, `f:1` moved from `f` to `c` (`f` left untagged), `old` tagged a third time, `e`
 * imported untagged, `p`'s tag deleted (it stays, `m`'s parent).
 */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  const marks: number[] = [];
  const pause = async (): Promise<void> => {
    await sleep(GAP_MS / 2);
    marks.push(Date.now());
    await sleep(GAP_MS / 2);
  };
  await sendOk(
    client,
    'POST',
    '/images/load?quiet=1',
    await imageArchive({ source: 'load', fields: {}, container: false }, 'ctc-lu/old:1'),
    'application/x-tar',
  );
  await importImage(client, 'a', 'ctc-lu/a:1');
  await importImage(client, 'd', null);
  await importImage(client, 'p', 'ctc-lu/p:1');
  await pause();
  await tag(client, 'ctc-lu/old:1', 'ctc-lu/old:2');
  await tag(client, 'ctc-lu/a:1', 'ctc-lu/b:1');
  await importImage(client, 'c', 'ctc-lu/c:1');
  await importImage(client, 'f', 'ctc-lu/f:1');
  await commitFromP(client);
  await pause();
  await tag(client, 'ctc-lu/a:1', 'ctc-lu/a:1');
  await tag(client, 'ctc-lu/c:1', 'ctc-lu/b:1');
  await tag(client, 'ctc-lu/c:1', 'ctc-lu/f:1');
  await tag(client, 'ctc-lu/old:1', 'ctc-lu/old:3');
  await importImage(client, 'e', null);
  await sendOk(client, 'DELETE', '/images/ctc-lu/p:1');
  await sleep(GAP_MS / 2);
  marks.push(Date.now());
  marksOf.set(client, marks);
  return {};
}

/** The forms of a time around a mark the releases read; its text made when the request is sent. */
const MARK_FORMS = [
  'unix',
  'unix.3',
  'unix.9',
  'unix.10',
  'utc',
  'utc.3',
  'offset',
  'local',
  'local.3',
  'ago-s',
  'ago-ms',
  'ago-m-s',
  'ago-h-m-s',
  'ago-s.1',
] as const;
type MarkForm = (typeof MARK_FORMS)[number];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `at` as the form writes it, `now` being when the request goes. */
function formatted(form: MarkForm, at: number, now: number): string {
  const seconds = at / 1000;
  const ago = (now - at) / 1000;
  const date = new Date(at);
  const wall = (d: Date, utc: boolean): string =>
    utc
      ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
      : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const whole = Math.round(ago);
  switch (form) {
    case 'unix':
      return String(Math.floor(seconds));
    case 'unix.3':
      return seconds.toFixed(3);
    case 'unix.9':
      return `${Math.floor(seconds)}.${pad(date.getUTCMilliseconds(), 3)}000042`;
    case 'unix.10':
      return `${Math.floor(seconds)}.${pad(date.getUTCMilliseconds(), 3)}0000420`;
    case 'utc':
      return `${wall(date, true)}Z`;
    case 'utc.3':
      return `${wall(date, true)}.${pad(date.getUTCMilliseconds(), 3)}Z`;
    case 'offset':
      return `${wall(new Date(at + 2 * 3_600_000), true)}+02:00`;
    case 'local':
      return wall(date, false);
    case 'local.3':
      return `${wall(date, false)}.${pad(date.getMilliseconds(), 3)}`;
    case 'ago-s':
      return `${whole}s`;
    case 'ago-ms':
      return `${Math.round(ago * 1000)}ms`;
    case 'ago-m-s':
      return `${Math.floor(whole / 60)}m${whole % 60}s`;
    case 'ago-h-m-s':
      return `0h${Math.floor(whole / 60)}m${whole % 60}s`;
    case 'ago-s.1':
      return `${ago.toFixed(1)}s`;
  }
}

/** Valid values of no mark: durations and dates far from every record, Go's zero time, times past int64's end once Go adds year 1's seconds. */
const FIXED = [
  '-1h',
  '-10m30s',
  '1h',
  '10000h',
  '2026-06-01',
  '2025-12-31',
  '2099-01-01',
  '2026-06-01T12:00:00Z',
  '2026-06-01T12Z',
  '2026-06-01T12:30',
  '0',
  '1',
  '1767225600',
  '1767225600.000000001',
  '1796000000',
  '0001-01-01T00:00:00Z',
  '9223371974719179007',
  '9223371974719179008',
  '9223372036854775807',
  '1.000000000',
];

/** Values some release refuses (1.: 29.x reads it, 26.1 and 28.5 do not). */
const INVALID = [
  '1.',
  'x',
  '',
  ' ',
  '1.x',
  '12a',
  '2026-13-01',
  '-1',
  '99999999999999999999',
  '1e3',
  '2026-06-01T25:00:00Z',
  '1h1',
  '+',
  '1.1.1',
  '１',
  'now',
  '1.-5',
];

/** A mark's value is written `{m<i>:<form>}` in the request and made at its sending (read below). */
const markValue = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom(...MARK_FORMS)).map(([i, form]) => `{m${i}:${form}}`);
const validValue = fc.oneof({ weight: 3, arbitrary: markValue }, { weight: 2, arbitrary: fc.constantFrom(...FIXED) });

/** One to three values (none now and then), at most one of them refused: Go walks a filter's values in map order, so two refusals would answer either. */
const untilValues = fc.oneof(
  { weight: 1, arbitrary: fc.constant([] as string[]) },
  { weight: 6, arbitrary: fc.array(validValue, { minLength: 1, maxLength: 3 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.array(validValue, { maxLength: 2 }), fc.constantFrom(...INVALID), fc.nat()).map(([valid, invalid, at]) => {
      const values = [...valid];
      values.splice(at % (values.length + 1), 0, invalid);
      return values;
    }),
  },
);

// Go's zero time among other values: its place in Go's map order changes the bound (list-filters.ts goEarliest), so it comes alone.
const withoutZeroAmongOthers = (values: readonly string[]): boolean => values.length < 2 || !values.includes('0001-01-01T00:00:00Z');

/** A filter beside `until` now and then (most requests have none, so that most lists are not empty). */
const sometimes = <T>(values: readonly T[]): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...values) });

const request: fc.Arbitrary<Ask> = fc
  .record({
    until: untilValues.filter(withoutZeroAmongOthers),
    dangling: sometimes([['true'], ['false'], ['y']]),
    before: sometimes([['ctc-lu/a:1'], ['ctc-lu/c:1'], ['ctc-lu/old:1'], ['nosuch:1']]),
    since: sometimes([['ctc-lu/old:1'], ['ctc-lu/a:1'], ['nosuch:1']]),
    reference: sometimes([['ctc-lu/b'], ['ctc-lu/old'], ['ctc-lu/*']]),
    all: fc.boolean(),
  })
  .map(({ all, ...filters }): Ask => ({ method: 'GET', path: `${list(filters).path}${all ? '&all=1' : ''}` }));

/** The request with each `{m<i>:<form>}` made from the side's marks now. */
function withMarks(client: HttpClient, ask: Ask): Ask {
  const marks = marksOf.get(client) ?? [];
  const now = Date.now();
  const url = new URL(ask.path, 'http://x');
  const filters = (url.searchParams.get('filters') ?? '').replace(/\{m(\d):([a-z0-9.-]+)\}/g, (_, i: string, form: MarkForm) =>
    formatted(form, marks[Number(i)] ?? 0, now),
  );
  url.searchParams.set('filters', filters);
  return { ...ask, path: `${url.pathname}${url.search}` };
}

/** The status and the message, or each image listed: its label `n` (the loaded one's: old), RepoTags and RepoDigests with IDs named by label, sorted. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request('GET', withMarks(client, ask).path, { timeoutMs: 20_000 });
  const body = JSON.parse(reply.body) as
    | { message?: string }
    | { Id: string; Labels: Record<string, string> | null; RepoTags: string[] | null; RepoDigests: string[] | null }[];
  if (!Array.isArray(body)) return [reply.status, body.message];
  const names = new Map(body.map((image) => [image.Id, image.Labels?.['n'] ?? 'old']));
  const named = (text: string): string => text.replace(/sha256:[0-9a-f]{64}/g, (id) => `<${names.get(id) ?? 'id'}>`);
  return [reply.status, body.map((image) => `${names.get(image.Id)} ${JSON.stringify(image.RepoTags)} ${named(JSON.stringify(image.RepoDigests))}`).sort()];
}

checkAgainstRealReleases('image lists with until', 'ctc-lu-', request, 250, { setup, read });

const daemon = installed('29.7');
if ('missing' in daemon) {
  if (inCI()) t.fail(`dockerd 29.7.2 is required in CI: ${daemon.missing}`);
  else t.test('image lists with until on 29.7', { skip: `dockerd 29.7.2 is not installed: ${daemon.missing}` }, async () => {});
} else checkAgainstRelease('image lists with until', 'ctc-lu-', daemon.daemon, request, 250, { setup, read });
