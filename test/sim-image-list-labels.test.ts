import fc from 'fast-check';
import { tarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * GET /images/json's `label` and `label!` filters (simulator/engine/images/list-filters.ts,
 * label-filter-containerd.ts): a graph driver (20.10, 26.1, 28.5) knows `label` alone, matched as
 * filters-args' MatchKVList, and refuses `label!`; containerd's store (29.x) takes both, a key
 * ending in "!" negating its check, and refuses a key and value of more than 4096 bytes. Four
 * images with labels of their own (`n` names each) on each real release and on ctrd-sim emulating
 * it; generated filters of both kinds, with the other filters' refusals beside them; the status and
 * message, or the images listed, compared.
 */

const IMAGES: readonly (readonly [string, string])[] = [
  ['a', 'LABEL n=a k=1 x=""'],
  ['b', 'LABEL n=b k=2'],
  ['c', 'LABEL n=c j=1'],
  ['d', 'LABEL n=d'],
];

async function setup(client: HttpClient): Promise<Record<string, string>> {
  for (const [name, change] of IMAGES) {
    const layer = await tarball([{ type: 'file', name: 'ctc', content: Buffer.from(name) }]);
    await sendOk(client, 'POST', `/images/create?fromSrc=-&repo=ctc-ll/${name}&tag=1&changes=${encodeURIComponent(change)}`, layer, 'application/x-tar');
  }
  return {};
}

const key = fc.constantFrom('k', 'j', 'x', 'n', 'none', 'k!', 'j!', '', '!');
const value = fc.constantFrom('1', '2', '', 'a', 'b');
const labelValue = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(key, fc.option(value)).map(([k, v]) => (v === null ? k : `${k}=${v}`)) },
  { weight: 1, arbitrary: fc.integer({ min: 4090, max: 4100 }).map((n) => `${'k'.repeat(70)}=${'v'.repeat(n - 70)}`) },
);
// No `until`: 20.10 refuses it as it does `label!`, and which of two unknown keys Args.Validate
// names is Go's map order (the until filter has its own test).
const others = fc.constantFrom<Record<string, string[]>>({}, {}, {}, { dangling: ['x'] }, { dangling: ['false'] }, { since: ['nosuch:1'] });

const filtered: fc.Arbitrary<Ask> = fc
  .record({
    label: fc.array(labelValue, { maxLength: 2 }),
    negated: fc.array(labelValue, { maxLength: 2 }),
    other: others,
  })
  // Which of two labels too long the refusal names is Go's map order too (a filter's values are a map's keys): one at most.
  .filter(({ label, negated }) => [...label, ...negated].filter((v) => v.length > 4000).length <= 1)
  .map(({ label, negated, other }) => {
    const filters: Record<string, string[]> = { ...other };
    if (label.length > 0) filters['label'] = label;
    if (negated.length > 0) filters['label!'] = negated;
    return { method: 'GET', path: `/images/json?filters=${encodeURIComponent(JSON.stringify(filters))}` };
  });

/** The status and message, or the images listed (their label n), sorted. */
async function listed(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request('GET', ask.path, { timeoutMs: 10_000 });
  const parsed = JSON.parse(reply.body) as { message?: string } | { Labels: Record<string, string> | null }[];
  if (!Array.isArray(parsed)) return [reply.status, parsed.message];
  return [reply.status, parsed.map((image) => image.Labels?.['n'] ?? '?').sort()];
}

checkAgainstObservedReleases('the image list with label filters', 'ctc-ll-', filtered, 120, { setup, read: listed });
