import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { RELEASES } from '../specs/versions.js';
import { parseArgv, readFileCapped, resolveConfig, type ConfigSources } from '../simulator/index.js';
import { compareVersions } from '../common/dotted-version.js';

const sources = (files: Record<string, string>, env: Record<string, string> = {}): ConfigSources => ({ env, readFile: (path) => files[path] ?? null });
const resolve = (argv: string[], files: Record<string, string> = {}, env: Record<string, string> = {}) => resolveConfig(parseArgv(argv), sources(files, env));

t.test('defaults follow the brand and the newest release', async (t) => {
  const ctr = resolve([]);
  t.equal(ctr.release.release, RELEASES[RELEASES.length - 1]!.release);
  t.same(ctr.hosts, ['unix:///var/run/ctr.sock']);
  t.equal(ctr.dataRoot, '/var/lib/ctr');
  t.equal(ctr.faults.size, 0, 'no fault unless asked');
  const docker = resolve(['--brand', 'docker']);
  t.same(docker.hosts, ['unix:///var/run/docker.sock']);
  t.equal(resolve(['-H', '']).hosts[0], 'unix:///var/run/ctr.sock', 'an empty -H equals no -H');
});

t.test('--emulate sets the API range of every release', async (t) => {
  for (const release of RELEASES) {
    const config = resolve(['--emulate', release.version]);
    t.equal(config.maxApi, release.maxApi, `${release.release} max`);
    t.equal(config.minApi, release.defaultMinApi, `${release.release} min`);
  }
  t.throws(() => resolve(['--emulate', '12.0']), { code: 'SIM_USAGE', message: /unknown release/ });
});

t.test('configuration file: conflicts with flags, unknown keys, bad JSON', async (t) => {
  const file = (text: string) => ({ '/c.json': text });
  t.equal(resolve(['--config-file', '/c.json'], file('{"debug": true}')).debug, true);
  t.throws(() => resolve(['--config-file', '/c.json', '-D'], file('{"debug": false}')), {
    code: 'SIM_CONFIG',
    message: /specified both as a flag and in the configuration file: debug/,
  });
  t.throws(() => resolve(['--config-file', '/c.json'], file('{"debugg": true, "x": 1}')), {
    code: 'SIM_CONFIG',
    message: /don't match any configuration option: debugg, x/,
  });
  t.throws(() => resolve(['--config-file', '/c.json'], file('{"debug": ')), {
    code: 'SIM_CONFIG',
    message: /^unable to configure the Ctr daemon with file \/c\.json: /,
  });
  t.throws(() => resolve(['--brand', 'docker', '--config-file', '/c.json'], file('{"debug": ')), {
    message: /^unable to configure the Docker daemon with file \/c\.json: /,
  });
  t.throws(() => resolve(['--config-file', '/missing.json']), { code: 'SIM_CONFIG', message: /no such file/ });
  t.throws(() => resolve(['--config-file', '/c.json'], file('{"debug": "yes"}')), {
    code: 'SIM_CONFIG',
    message: /cannot unmarshal string into Go struct field \S*debug of type bool/,
  });
  t.throws(() => resolve(['--config-file', '/c.json'], file('[1]')), { code: 'SIM_CONFIG' });
});

t.test('every documented option exists on every release; --as-observed takes away what an observed release lacks', async (t) => {
  for (const release of ['19.03', '20.10', '24.0', '26.1', '28.5']) {
    t.equal(resolve(['--emulate', release, '--validate']).validateOnly, true, `--validate on ${release}: the document lists it without a release`);
    t.equal(resolve(['--emulate', release, '--feature', 'x']).release.release, release, `--feature on ${release}`);
  }
  t.throws(
    () => resolve(['--emulate', '20.10', '--as-observed', '--validate']),
    { code: 'SIM_USAGE', message: 'unknown flag: --validate' },
    'as 20.10 answers it (observed)',
  );
  t.throws(
    () => resolve(['--emulate', '26.1', '--as-observed', '--feature', 'x']),
    { code: 'SIM_USAGE', message: 'unknown flag: --feature' },
    'as 26.1 answers it (observed; new in 28.0)',
  );
  t.equal(resolve(['--emulate', '28.5', '--as-observed', '--validate', '--feature', 'x']).release.release, '28.5', '28.5 has both (observed)');
  t.equal(
    resolve(['--emulate', '20.10', '--as-observed', '--ip6tables=false', '--iptables=false', '--bridge', 'none']).release.release,
    '20.10',
    'the suites’ safety flags exist on 20.10',
  );
  t.equal(
    resolve(['--emulate', '24.0', '--as-observed', '--feature', 'x']).release.release,
    '24.0',
    'a release that was not observed has no observed quirks: the document’s options',
  );
  t.throws(
    () => resolve(['--emulate', '20.10', '--no-such-flag']),
    { code: 'SIM_USAGE', message: 'unknown flag: --no-such-flag' },
    'an undocumented flag is unknown everywhere',
  );
});

t.test('-H values are checked when the configuration is resolved (so --validate sees them)', async (t) => {
  // Texts as 26.1 and 28.5 print them (observed).
  t.throws(() => resolve(['-H', 'udp://x']), {
    code: 'SIM_USAGE',
    message: `invalid argument "udp://x" for "-H, --host" flag: invalid bind address (udp://x): unsupported proto 'udp'`,
  });
  t.same(resolve(['-H', 'bogus']).hosts, ['bogus'], 'a bare word is a TCP host, as dockerd accepts it');
  t.throws(() => resolve(['--brand', 'docker', '--config-file', '/c.json'], { '/c.json': '{"hosts": ["udp://x"]}' }), {
    code: 'SIM_CONFIG',
    message: `unable to configure the Docker daemon with file /c.json: merged configuration validation from file and command line flags failed: invalid bind address (udp://x): unsupported proto 'udp'`,
  });
});

t.test('--fault and --faults-file name testable rules only', async (t) => {
  const files = { '/f': '# broken on purpose\napi.ping   # the cache headers\n\n  api.not-found\n' };
  t.same([...resolve(['--fault', 'api.options.any-path', '--faults-file', '/f'], files).faults].sort(), ['api.not-found', 'api.options.any-path', 'api.ping']);
  t.throws(() => resolve(['--fault', 'api.nonsense']), { code: 'SIM_USAGE', message: /invalid argument "api.nonsense" for "--fault" flag/ });
  t.throws(() => resolve(['--fault', 'api.version.windows-minimum']), { code: 'SIM_USAGE' }, 'a rule this machine cannot test has no fault');
  t.throws(() => resolve(['--faults-file', '/f'], { '/f': 'api.ping\nno.such.rule\n' }), {
    code: 'SIM_USAGE',
    message: /"no.such.rule" for "--faults-file" flag/,
  });
  t.throws(() => resolve(['--faults-file', '/missing']), { code: 'SIM_USAGE', message: /no such file/ });
});

t.test('the minimum-version override obeys each release’s floor', async (t) => {
  /** What resolving with the override gives: the minimum, or the error message. */
  const outcome = (release: (typeof RELEASES)[number], value: string): string => {
    try {
      return resolve(['--emulate', release.release], {}, { CTR_MIN_API_VERSION: value }).minApi;
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  };
  const expected = (release: (typeof RELEASES)[number], value: string): string => {
    if (release.minApiFloor === null) return release.defaultMinApi;
    if (compareVersions(value, release.minApiFloor) < 0)
      return `error: invalid CTR_MIN_API_VERSION: minimum supported API version is ${release.minApiFloor}: ${value}`;
    if (compareVersions(value, release.maxApi) > 0) return `error: invalid CTR_MIN_API_VERSION: maximum supported API version is ${release.maxApi}: ${value}`;
    return value;
  };
  const details = fc.check(
    fc.property(
      fc.constantFrom(...RELEASES),
      fc.integer({ min: 0, max: 60 }),
      (release, minor) => outcome(release, `1.${minor}`) === expected(release, `1.${minor}`),
    ),
    { numRuns: 300 },
  );
  t.notOk(details.failed, fc.defaultReportMessage(details) ?? 'every release and value');

  t.throws(() => resolve([], {}, { CTR_MIN_API_VERSION: 'v1.30' }), { message: /without "v" prefix/ });
  const file = { '/c.json': '{"min-api-version": "1.30"}' };
  t.equal(resolve(['--emulate', '29.0', '--config-file', '/c.json'], file).minApi, '1.30', 'daemon.json min-api-version from 29.0');
  t.throws(
    () => resolve(['--emulate', '28.5', '--config-file', '/c.json'], file),
    { message: /don't match any configuration option: min-api-version/ },
    'unknown before 29.0',
  );
  t.equal(
    resolve(['--emulate', '29.0', '--config-file', '/c.json'], file, { CTR_MIN_API_VERSION: '1.50' }).minApi,
    '1.50',
    'the environment wins over the file',
  );
  t.throws(() => resolve([], {}, { CTR_MIN_API_VERSION: '' }), { message: /value is empty/ });
  t.equal(
    resolve(['--brand', 'docker'], {}, { CTR_MIN_API_VERSION: '1.50' }).minApi,
    resolve(['--brand', 'docker']).minApi,
    'the docker brand reads DOCKER_MIN_API_VERSION only',
  );
});

t.test('a regular file is read whole up to the cap, and refused past it, whatever its size against the read chunks', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-t-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'c.json');
  // Sizes around the chunk (64 KiB) and around the cap, where a read that misses its end would show.
  const size = fc.oneof(fc.nat(300), fc.integer({ min: 65_536 - 3, max: 65_536 + 3 }), fc.integer({ min: 0, max: 200_000 }));
  fc.assert(
    fc.property(size, fc.integer({ min: 1, max: 140_000 }), fc.integer({ min: 0, max: 25 }), (bytes, limit, letter) => {
      const text = String.fromCharCode(97 + letter).repeat(bytes);
      writeFileSync(file, text);
      if (bytes > limit) {
        try {
          readFileCapped(file, limit);
          return false;
        } catch (error) {
          return (error as Error).message === `read ${file}: larger than ${limit} bytes`;
        }
      }
      return readFileCapped(file, limit) === text;
    }),
    { numRuns: 300 },
  );
});

t.test('special files never hang or spin: FIFOs refused, endless devices capped, /proc read to the end', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-t-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const begin = Date.now();
  t.throws(() => readFileCapped(fifo), { code: 'SIM_CONFIG', message: /not a regular file/ }, 'a FIFO without a writer');
  t.throws(() => readFileCapped('/dev/zero', 1 << 20), { code: 'SIM_CONFIG', message: /larger than 1048576 bytes/ }, '/dev/zero stops at the cap');
  t.throws(() => readFileCapped(dir), { code: 'SIM_CONFIG', message: /is a directory/ });
  t.match(readFileCapped('/proc/self/status'), /^Name:/, '/proc/self/status (size 0 in stat) is read');
  t.equal(readFileCapped('/dev/null'), '', '/dev/null is empty, as 26.1 and 28.5 take it');
  t.equal(readFileCapped(join(dir, 'missing')), null);
  t.ok(Date.now() - begin < 5_000, 'all of it at once');
  writeFileSync(join(dir, 'c.json'), '{"debug": true}');
  t.equal(resolveConfig(parseArgv(['--config-file', join(dir, 'c.json')]), { env: {}, readFile: (path) => readFileCapped(path) }).debug, true);
  t.throws(() => resolveConfig(parseArgv(['--brand', 'docker', '--config-file', '/proc/self/status']), { env: {}, readFile: (path) => readFileCapped(path) }), {
    message: /^unable to configure the Docker daemon with file \/proc\/self\/status: /,
  });
});
