import fc from 'fast-check';
import t from 'tap';
import { isOlder } from '../common/dotted-version.js';
import { RELEASES } from '../specs/versions.js';
import { negotiationProfile, openSide, profileTable, type NegotiationProfile } from '../suites/explorer/index.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { cliWithin } from './helpers/cli.js';

const row = (p: NegotiationProfile, what: RegExp): string => p.rows.find((r) => what.test(r.what))?.value ?? '(no such row)';

t.test('the profile of sim@R serves and advertises the range of R, and refuses just outside it', async (t) => {
  // Releases the simulator emulates run in this process: a start costs milliseconds.
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...RELEASES.filter((r) => !isOlder(r.release, '20.10'))), async (release) => {
      const side = await openSide(resolveTarget(`sim@${release.release}`, {}), { startMs: 30_000, requestTimeoutMs: 5_000 });
      try {
        const profile = await negotiationProfile(side);
        const range = `${release.defaultMinApi} – ${release.maxApi}`;
        const above = `1.${Number(release.maxApi.split('.')[1]) + 1}`;
        return (
          row(profile, /^served/) === range &&
          row(profile, /^advertised/) === range &&
          row(profile, /^Api-Version header/) === release.maxApi &&
          row(profile, /just above/).startsWith(`${above}: 400, application/json, JSON {"message"} "client version ${above} is too new`) &&
          row(profile, /just below/).includes(': 400, ') &&
          row(profile, /^malformed/).startsWith('404') &&
          row(profile, /^OPTIONS/).startsWith('200')
        );
      } finally {
        await side.stop();
      }
    }),
    { numRuns: 6 },
  );
  t.pass('six releases');
});

t.test('profile --target twice: one column each, and bad input is a usage error', async (t) => {
  const run = await cliWithin(t, ['profile', '--target', 'sim@20.10', '--target', 'sim@28.5'], 60_000);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /^\| \| sim@20\.10 \(20\.10\.24\+ctrd-sim\) \| sim@28\.5 \(28\.5\.2\+ctrd-sim\) \|/);
  t.match(run.stdout, /\| served \(GET \/v1\.N\/_ping answers 200, N = 0…70\) \| 1\.12 – 1\.41 \| 1\.24 – 1\.51 \|/);
  t.match(
    run.stdout,
    /unknown path below 1\.24 \(GET \/v1\.20\/ctc-profile\) \| 404, text\/plain; charset=utf-8, text "page not found"/,
    'the 20.10 plain-text 404',
  );
  const none = await cliWithin(t, ['profile'], 30_000);
  t.equal(none.code, 2, none.stderr);
  t.match(none.stderr, /profile needs a target/);
  const bad = await cliWithin(t, ['profile', '--target', 'sim@99.9'], 30_000);
  t.equal(bad.code, 2, bad.stderr);
  t.match(bad.stderr, /"99\.9" is not a release series of the table/);
});

t.test('the table escapes the cell separator', async (t) => {
  const table = profileTable([{ spec: 'a|b', version: null, rows: [{ what: 'x', value: 'p|q' }] }]);
  t.match(table, /a\\\|b \(version unknown\)/);
  t.match(table, /\| x \| p\\\|q \|/);
});
