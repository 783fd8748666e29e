import fc from 'fast-check';
import t from 'tap';
import { RELEASES } from '../specs/versions.js';
import { HttpClient } from '../suites/http/client.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { emulatedRelease, parseSimSpec } from '../suites/targets/sim-spec.js';
import { TargetError } from '../suites/targets/target.js';
import { cliWithin } from './helpers/cli.js';

const base = fc.constantFrom('sim', 'sim-process');
const release = fc.constantFrom(...RELEASES.map((r) => r.release));

t.test('every release of the table parses after either simulator base', async (t) => {
  fc.assert(
    fc.property(base, release, (b, r) => {
      const spec = parseSimSpec(`${b}@${r}`);
      return spec !== null && spec.base === b && spec.release === r;
    }),
  );
  t.same(parseSimSpec('sim'), { base: 'sim', release: null });
  t.same(parseSimSpec('sim-process'), { base: 'sim-process', release: null });
  t.equal(parseSimSpec('daemon:/usr/sbin/dockerd'), null, 'another kind of target is not read');
  t.equal(parseSimSpec('endpoint:unix:///a@b.sock'), null, 'an @ in another kind of target is not read');
});

t.test('a malformed release after @ is refused with a message naming the spec and the known releases', async (t) => {
  const known = new Set(RELEASES.map((r) => r.release));
  const junk = fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 8 }),
    fc.tuple(fc.nat(40), fc.nat(20)).map(([a, b]) => `${a}.${b}`),
    release.map((r) => `${r}.5`),
    release.map((r) => ` ${r}`),
    release.map((r) => `${r}@${r}`),
  );
  fc.assert(
    fc.property(
      base,
      junk.filter((j) => !known.has(j)),
      (b, j) => {
        const spec = `${b}@${j}`;
        try {
          parseSimSpec(spec);
          return false;
        } catch (error) {
          return error instanceof TargetError && error.code === 'TARGET_SPEC' && error.message.includes(JSON.stringify(spec)) && /28\.5/.test(error.message);
        }
      },
    ),
  );
  t.throws(() => parseSimSpec('sim@'), { code: 'TARGET_SPEC', message: /no release after "@"/ }, 'nothing after @');
});

t.test('the spec and --emulate may name the release together only when they agree', async (t) => {
  fc.assert(
    fc.property(base, release, release, (b, r, e) => {
      const spec = { base: b, release: r } as const;
      if (r === e) return emulatedRelease(spec, e) === r;
      try {
        emulatedRelease(spec, e);
        return false;
      } catch (error) {
        return error instanceof TargetError && error.code === 'TARGET_SPEC' && error.message.includes(r) && error.message.includes(e);
      }
    }),
  );
  t.equal(emulatedRelease({ base: 'sim', release: '26.1' }, '26.1.5'), '26.1', 'a full version of the same series agrees');
  t.equal(emulatedRelease({ base: 'sim', release: null }, '20.10'), '20.10', '--emulate alone');
  t.equal(emulatedRelease({ base: 'sim', release: null }, undefined), null, 'neither: the newest');
  t.throws(() => resolveTarget('sim@26.1', { emulate: '28.5' }), { code: 'TARGET_SPEC' }, 'resolveTarget refuses the conflict');
});

t.test('sim@R emulates R', async (t) => {
  for (const r of ['20.10', '26.1']) {
    const target = resolveTarget(`sim@${r}`, {});
    t.equal(target.spec, `sim@${r}`);
    const outcome = await target.start();
    if (!outcome.ok) throw new Error(`sim@${r} did not start: ${outcome.output}`);
    const client = new HttpClient(outcome.instance.endpoint);
    try {
      const version = JSON.parse((await client.request('GET', '/version', { timeoutMs: 5_000 })).body) as { Version: string };
      t.match(version.Version, new RegExp(`^${r.replace('.', '\\.')}\\.`), `GET /version of sim@${r}`);
    } finally {
      client.close();
      await outcome.instance.stop();
    }
  }
});

t.test('run: a conflicting --emulate and a malformed sim@ spec are usage errors (exit 2)', async (t) => {
  const conflict = await cliWithin(t, ['run', '--target', 'sim@26.1', '--emulate', '28.5', '--only', 'api.ping', '-q', '--out', '/tmp/ctc-never-written']);
  t.equal(conflict.code, 2, conflict.stderr);
  t.match(conflict.stderr, /sim@26\.1 emulates 26\.1 but --emulate says 28\.5/);
  const malformed = await cliWithin(t, ['run', '--target', 'sim@26', '--only', 'api.ping', '-q']);
  t.equal(malformed.code, 2, malformed.stderr);
  t.match(malformed.stderr, /"26" is not a release series of the table/);
});
