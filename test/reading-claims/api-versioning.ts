import type { Test } from 'tap';
import { servingDaemon, type StartedDaemon } from '../helpers/observe-claims.js';
import type { Daemon, ReadingClaim } from '../helpers/reading-claims.js';

/** What the api-versioning area's readings say the releases do, and how each is observed. */

/** A started daemon with the versions its /version advertises (ApiVersion, MinAPIVersion). */
async function started(t: Test, daemon: Daemon): Promise<(StartedDaemon & { max: string; min: string }) | undefined> {
  const served = await servingDaemon(t, daemon);
  if (served === undefined) return undefined;
  const version = (await served.get('/version')).body as { ApiVersion?: string; MinAPIVersion?: string };
  t.ok(
    version.ApiVersion !== undefined && version.MinAPIVersion !== undefined,
    `GET /version advertises ApiVersion ${version.ApiVersion} and MinAPIVersion ${version.MinAPIVersion}`,
  );
  return { ...served, max: version.ApiVersion ?? '', min: version.MinAPIVersion ?? '' };
}

/** The version one minor below `v` ("1.24" → "1.23"). */
const below = (v: string): string => {
  const [major, minor] = v.split('.').map(Number);
  return `${major}.${(minor ?? 0) - 1}`;
};

/** The message of an error body, JSON {"message"} or plain text (below API 1.24 on some releases). */
const messageOf = (body: unknown): string =>
  typeof body === 'string' ? body.trim() : typeof body === 'object' && body !== null ? String((body as { message?: unknown }).message ?? '') : '';

const legacyVerdict = (rule: string): ReadingClaim => ({
  rule,
  reading: 'reading',
  words: 'Release-dependent: checked only on releases where a real daemon of the series was observed.',
  // Every installed series was observed (specs/versions.ts): the rule is judged, and passes, on each.
  observed: { kind: 'verdict', on: ['20.10', '26.1', '28.5', '29.7'], status: 'pass' },
});

export const CLAIMS: readonly ReadingClaim[] = [
  {
    rule: 'api.version.too-old.status',
    reading: 'reading',
    words: 'every real release answers 400 Bad Request',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const d = await started(t, daemon);
        if (d === undefined) return;
        for (const v of [below(d.min), '1.0']) {
          const reply = await d.get(`/v${v}/version`);
          t.equal(reply.status, 400, `GET /v${v}/version (below the minimum ${d.min}) answers 400: ${messageOf(reply.body)}`);
          t.match(messageOf(reply.body), `client version ${v} is too old`, 'the too-old error');
        }
      },
    },
  },
  {
    rule: 'api.version.too-new',
    reading: 'reading',
    words: 'the rule follows every real release',
    observed: { kind: 'verdict', on: ['20.10', '26.1', '28.5', '29.7'], status: 'pass' },
  },
  {
    rule: 'limits.min-api-version',
    reading: 'reading',
    words: 'A minimum below 1.24 is a violation; a 29.x minimum of 1.44 or 1.40 is the announced rise.',
    observed: {
      kind: 'probe',
      on: ['26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const d = await started(t, daemon);
        if (d === undefined) return;
        if (daemon.release === '29.7') t.ok(['1.44', '1.40'].includes(d.min), `29.7's minimum is 1.44 or 1.40: ${d.min}`);
        else t.equal(d.min, '1.24', `${daemon.release}'s minimum is 1.24 (not below)`);
        t.equal((await d.get(`/v${d.min}/version`)).status, 200, `the minimum ${d.min} is served`);
        t.equal((await d.get(`/v${below(d.min)}/version`)).status, 400, `${below(d.min)} is refused`);
      },
    },
  },
  {
    rule: 'limits.min-api-version',
    reading: 'otherReading',
    words: 'from 25.0 API 1.24 is served, 1.23 refused and MinAPIVersion = 1.24 on every release (the releases from 29.0, which raised the minimum, fail it)',
    observed: {
      kind: 'probe',
      // 20.10 is the release below the boundary (25.0): its minimum is still 1.12.
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const d = await started(t, daemon);
        if (d === undefined) return;
        const v124 = (await d.get('/v1.24/version')).status;
        const v123 = (await d.get('/v1.23/version')).status;
        if (daemon.release === '20.10') {
          t.equal(d.min, '1.12', 'before 25.0 the minimum is 1.12');
          t.equal(v123, 200, 'and 1.23 is served');
        } else if (daemon.release === '29.7') {
          t.not(d.min, '1.24', `from 29.0 the minimum is raised: ${d.min}`);
          t.equal(v124, 400, '1.24 is refused: the other reading fails');
        } else {
          t.equal(d.min, '1.24', 'MinAPIVersion = 1.24');
          t.equal(v124, 200, '1.24 is served');
          t.equal(v123, 400, '1.23 is refused');
        }
      },
    },
  },
  legacyVerdict('api.error.legacy-plain-text'),
  legacyVerdict('api.not-found.legacy-plain-text'),
  {
    rule: 'api.path.clean-redirect',
    reading: 'reading',
    words:
      'every real release cleans the path before routing and before the version check, so a client that builds "/v1.44//version" is redirected, not refused.',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const d = await started(t, daemon);
        if (d === undefined) return;
        // /v1.44 is above 20.10's maximum, /v9.99 above every maximum, /v1.0 below every minimum, /ctc… no route.
        for (const [path, clean] of [
          ['/v1.44//version', '/v1.44/version'],
          ['/v9.99//version', '/v9.99/version'],
          ['/v1.0/./version', '/v1.0/version'],
          ['/ctcnothing//here', '/ctcnothing/here'],
        ] as const) {
          const reply = await d.client.request('GET', path, { timeoutMs: 15_000 });
          t.equal(reply.status, 301, `GET ${path} is redirected (not refused): ${reply.status}`);
          t.equal(reply.headers['location'], clean, `to ${clean}`);
        }
      },
    },
  },
  {
    rule: 'api.limits.header-lines',
    reading: 'reading',
    words:
      'A limit of the HTTP server a release is built with, so release-dependent: checked only where a real daemon of the series was observed (specs/versions.ts headerLineLimit).',
    // Every installed series has its limit observed (specs/versions.ts): the rule is judged, and passes, on each.
    observed: { kind: 'verdict', on: ['20.10', '26.1', '28.5', '29.7'], status: 'pass' },
  },
];
