import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import {
  chooseSeed,
  compileMatch,
  FaultChooser,
  MAX_SEED,
  parseClientFaults,
  unversionedPath,
  type ClientFaultEntry,
} from '../simulator/client-faults/index.js';
import { startSimProcess } from './helpers/sim-process.js';
import { writeFaultsFile } from './helpers/client-faults-file.js';

/**
 * The choice of client faults is deterministic: the same seed and the same requests give the same
 * faults (in-process, and through ctrd-sim as a process), each entry's draws depend on nothing but
 * the seed and the requests it matches, and probabilities and `times` hold.
 */

const METHODS = ['GET', 'POST', 'DELETE'] as const;
const PATHS = ['/version', '/_ping', '/containers/json', '/containers/abc/json', '/images/x/json', '/images/a/b/json'] as const;
const PATTERNS = ['/version', '/containers/{id}/json', '/images/**', '/containers/*'] as const;

const entryArb: fc.Arbitrary<ClientFaultEntry> = fc
  .record(
    {
      method: fc.constantFrom(...METHODS),
      path: fc.constantFrom(...PATTERNS),
      probability: fc.double({ min: 0, max: 1, noNaN: true }),
      times: fc.integer({ min: 1, max: 5 }),
    },
    { requiredKeys: ['probability'] },
  )
  .map((fields) => ({ kind: 'drop', ...fields }) as ClientFaultEntry);
const requestArb = fc.tuple(fc.constantFrom(...METHODS), fc.constantFrom(...PATHS));
const seedArb = fc.integer({ min: 0, max: MAX_SEED });

const run = (entries: readonly ClientFaultEntry[], seed: number, requests: readonly (readonly [string, string])[]) => {
  const chooser = new FaultChooser(entries, seed);
  return requests.map(([method, path]) => {
    const chosen = chooser.choose(method, path);
    return chosen === null ? null : `${chosen.index}#${chosen.match}`;
  });
};

t.test('same seed and same requests: the same faults', async () => {
  fc.assert(
    fc.property(fc.array(entryArb, { maxLength: 5 }), seedArb, fc.array(requestArb, { maxLength: 60 }), (entries, seed, requests) => {
      const first = run(entries, seed, requests);
      const second = run(entries, seed, requests);
      if (JSON.stringify(first) !== JSON.stringify(second)) throw new Error(`differ: ${JSON.stringify(first)} vs ${JSON.stringify(second)}`);
    }),
  );
});

t.test("an entry's faults do not depend on the requests it does not match", async () => {
  fc.assert(
    fc.property(entryArb, seedArb, fc.array(requestArb, { maxLength: 60 }), fc.array(fc.boolean(), { maxLength: 60 }), (entry, seed, requests, insert) => {
      const matches = compileMatch(entry);
      const matching = requests.filter(([method, path]) => matches(method, path));
      // The same matching requests, with requests it does not match put between them.
      const noise = ['PUT', '/nothing'] as const;
      // An entry without method and path matches everything: there is nothing it does not match.
      fc.pre(!matches(...noise));
      const mixed = matching.flatMap((r, i) => (insert[i] ? [noise, r, noise] : [r]));
      const plain = run([entry], seed, matching);
      const withNoise = run([entry], seed, mixed).filter((_, i) => mixed[i] !== noise);
      if (JSON.stringify(plain) !== JSON.stringify(withNoise)) throw new Error(`${JSON.stringify(plain)} vs ${JSON.stringify(withNoise)}`);
    }),
  );
});

t.test('an entry gives at most `times` faults; probability 0 never, 1 always (on what it matches)', async () => {
  fc.assert(
    fc.property(entryArb, seedArb, fc.array(requestArb, { maxLength: 80 }), (entry, seed, requests) => {
      const { times: _, ...unlimited } = entry;
      const matches = compileMatch(entry);
      const never = run([{ ...unlimited, probability: 0 }], seed, requests);
      if (never.some((r) => r !== null)) throw new Error('probability 0 gave a fault');
      const always = run([{ ...unlimited, probability: 1 }], seed, requests);
      requests.forEach(([method, path], i) => {
        if ((always[i] !== null) !== matches(method, path)) throw new Error(`probability 1: request ${i} (${method} ${path}) got ${always[i]}`);
      });
      const faults = run([entry], seed, requests).filter((r) => r !== null).length;
      if (entry.times !== undefined && faults > entry.times) throw new Error(`${faults} faults, times ${entry.times}`);
    }),
  );
});

t.test('the rate of faults follows the probability', async () => {
  fc.assert(
    fc.property(seedArb, fc.constantFrom(0.05, 0.25, 0.5, 0.9), (seed, probability) => {
      const entry = { kind: 'drop', probability } as ClientFaultEntry;
      const n = 4000;
      const hits = run(
        [entry],
        seed,
        Array.from({ length: n }, () => ['GET', '/version'] as const),
      ).filter((r) => r !== null).length;
      // Six standard deviations of a binomial at most 0.048: a wrong draw is far outside, a right one never.
      if (Math.abs(hits / n - probability) > 0.048) throw new Error(`rate ${hits / n} for ${probability}`);
    }),
    { numRuns: 20 },
  );
});

t.test('another seed gives other faults', async (t) => {
  const requests = Array.from({ length: 64 }, () => ['GET', '/version'] as const);
  const entry = { kind: 'drop', probability: 0.5 } as ClientFaultEntry;
  const seen = new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(run([entry], seed, requests))));
  t.equal(seen.size, 5, 'five seeds, five sequences (two equal ones have a chance of 2^-64)');
});

t.test('the path an entry sees has no /vX.Y prefix and no query', async () => {
  fc.assert(
    fc.property(
      fc.option(fc.stringMatching(/^[0-9]{1,2}\.[0-9]{1,2}$/), { nil: undefined }),
      fc.stringMatching(/^(\/[a-z0-9_-]{1,8}){1,4}$/),
      fc.option(fc.stringMatching(/^[a-z=&0-9]{0,12}$/), { nil: undefined }),
      (version, path, query) => {
        const url = `${version === undefined ? '' : `/v${version}`}${path}${query === undefined ? '' : `?${query}`}`;
        if (unversionedPath(url) !== path) throw new Error(`${url} → ${unversionedPath(url)}`);
      },
    ),
  );
});

t.test('the seed: the file, the flag (equal when both), else a random one', async (t) => {
  const file = (seed?: number) => parseClientFaults(JSON.stringify(seed === undefined ? { faults: [] } : { seed, faults: [] }), 'f.json');
  const source = (seedFlag: number | null) => ({ file: 'f.json', text: '', seedFlag });
  t.equal(chooseSeed(file(7), source(null)), 7);
  t.equal(chooseSeed(file(), source(9)), 9);
  t.equal(chooseSeed(file(9), source(9)), 9);
  t.equal(
    chooseSeed(file(), source(null), () => 1234),
    1234,
  );
  t.throws(() => chooseSeed(file(7), source(8)), { code: 'SIM_USAGE', message: /--client-faults-seed 8 and the seed 7 of f.json differ/ });
  t.throws(() => chooseSeed(file(), source(MAX_SEED + 1)), { code: 'SIM_USAGE', message: /must be an integer from 0 to 4294967295/ });
});

/** GET /version through a unix socket: its status, or 'dropped'. */
function getVersion(socketPath: string): Promise<number | 'dropped'> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/v1.44/version', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', () => resolve('dropped'));
    req.end();
  });
}

t.test('through ctrd-sim: the same seed replays the same faults, another seed gives others, the log names each', async (t) => {
  const { dir, file } = writeFaultsFile(t, {
    faults: [
      { name: 'half fail', method: 'GET', path: '/version', kind: 'http-error', status: 503, probability: 0.5 },
      { name: 'some drop', path: '/version', kind: 'drop', probability: 0.3 },
    ],
  });
  const sequence = async (seed: number, label: string) => {
    const socket = join(dir, `${label}.sock`);
    const sim = startSimProcess(['--brand', 'docker', '-H', `unix://${socket}`, '--client-faults', file, '--client-faults-seed', String(seed)]);
    t.teardown(() => sim.kill());
    await sim.waitFor(/completed initialization/);
    const statuses: (number | 'dropped')[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await getVersion(socket));
    const log = sim.output();
    await sim.kill();
    return { statuses, log };
  };
  const first = await sequence(17, 'a');
  const again = await sequence(17, 'b');
  const other = await sequence(18, 'c');
  t.same(again.statuses, first.statuses, 'seed 17 twice: the same answers');
  t.not(JSON.stringify(other.statuses), JSON.stringify(first.statuses), 'seed 18: other answers');
  t.ok(first.statuses.includes(503) && first.statuses.includes(200), `both faults and normal answers: ${first.statuses.join(' ')}`);
  t.match(first.log, /client faults from .*faults\.json: 2 entries, seed 17 \(replay with --client-faults-seed 17\)/);
  const logged = [...first.log.matchAll(/client fault (http-error|drop) on GET \/v1\.44\/version" entry="(\d) \(([a-z ]+)\)" match=(\d+) seed=17/g)];
  t.equal(logged.length, first.statuses.filter((s) => s !== 200).length, 'one log line per fault');
  // What the in-process chooser says, from the same file and seed: the process follows it.
  const chooser = new FaultChooser(parseClientFaults(readFileSync(file, 'utf8'), 'faults.json').faults, 17);
  const predicted = first.statuses.map(() => chooser.choose('GET', '/version')?.entry.kind ?? null);
  t.same(
    first.statuses.map((s) => (s === 503 ? 'http-error' : s === 'dropped' ? 'drop' : null)),
    predicted,
  );
});

t.test('path patterns and methods match as docs/explorer-and-client-faults.md says', async (t) => {
  const cases: [Record<string, unknown>, string, string, boolean][] = [
    [{ path: '/containers/{id}/json' }, 'GET', '/containers/abc/json', true],
    [{ path: '/containers/:id/json' }, 'GET', '/containers/abc/json', true],
    [{ path: '/containers/{id}/json' }, 'GET', '/containers/a/b/json', false],
    [{ path: '/images/**' }, 'GET', '/images', true],
    [{ path: '/images/**' }, 'GET', '/images/a/b/json', true],
    [{ path: '/images/**' }, 'GET', '/imagesx', false],
    [{ path: '/containers/*' }, 'GET', '/containers/a/b', true],
    [{ path: '/version' }, 'GET', '/version/', true],
    [{ path: '/version' }, 'GET', '/versions', false],
    [{ pathRegex: '^/images/' }, 'GET', '/images/x', true],
    [{ pathRegex: '^/images/' }, 'GET', '/v1.44/images/x', false],
    [{ method: 'POST' }, 'GET', '/anything', false],
    [{ method: ['GET', 'HEAD'] }, 'HEAD', '/anything', true],
    [{}, 'PATCH', '/anything/at/all', true],
  ];
  for (const [fields, method, path, wanted] of cases) t.equal(compileMatch(fields)(method, path), wanted, `${JSON.stringify(fields)} ${method} ${path}`);
});
