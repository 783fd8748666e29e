import fc from 'fast-check';
import t from 'tap';
import { RELEASES } from '../specs/versions.js';
import { parseArgv, resolveConfig, type ConfigSources } from '../simulator/index.js';
import { compareVersions } from '../common/dotted-version.js';

const sources = (files: Record<string, string>, env: Record<string, string> = {}): ConfigSources => ({ env, readFile: (path) => files[path] ?? null });
const resolve = (argv: string[], files: Record<string, string> = {}, env: Record<string, string> = {}) => resolveConfig(parseArgv(argv), sources(files, env));

t.test('defaults follow the brand and the newest release', async (t) => {
  const ctr = resolve([]);
  t.equal(ctr.release.release, RELEASES[RELEASES.length - 1]!.release);
  t.same(ctr.hosts, ['unix:///var/run/ctr.sock']);
  t.equal(ctr.dataRoot, '/var/lib/ctr');
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
  t.throws(() => resolve(['--config-file', '/c.json', '-D'], file('{"debug": false}')), { code: 'SIM_CONFIG', message: /specified both as a flag and in the configuration file: debug/ });
  t.throws(() => resolve(['--config-file', '/c.json'], file('{"debugg": true, "x": 1}')), { code: 'SIM_CONFIG', message: /don't match any configuration option: debugg, x/ });
  t.throws(() => resolve(['--config-file', '/c.json'], file('{"debug": ')), { code: 'SIM_CONFIG', message: /unable to configure the daemon with file \/c\.json/ });
  t.throws(() => resolve(['--config-file', '/missing.json']), { code: 'SIM_CONFIG', message: /no such file/ });
  t.throws(() => resolve(['--config-file', '/c.json'], file('{"debug": "yes"}')), { code: 'SIM_CONFIG', message: /"debug" must be of type boolean/ });
  t.throws(() => resolve(['--config-file', '/c.json'], file('[1]')), { code: 'SIM_CONFIG' });
});

t.test('the minimum-version override obeys each release’s floor', async (t) => {
  fc.assert(
    fc.property(fc.constantFrom(...RELEASES), fc.integer({ min: 0, max: 60 }), (release, minor) => {
      const value = `1.${minor}`;
      const run = () => resolve(['--emulate', release.release], {}, { CTR_MIN_API_VERSION: value });
      if (release.minApiFloor === null) {
        t.equal(run().minApi, release.defaultMinApi, `${release.release} has no override`);
      } else if (compareVersions(value, release.minApiFloor) < 0) {
        t.throws(run, { code: 'SIM_CONFIG', message: `invalid CTR_MIN_API_VERSION: minimum supported API version is ${release.minApiFloor}: ${value}` });
      } else if (compareVersions(value, release.maxApi) > 0) {
        t.throws(run, { code: 'SIM_CONFIG', message: `invalid CTR_MIN_API_VERSION: maximum supported API version is ${release.maxApi}: ${value}` });
      } else {
        t.equal(run().minApi, value);
      }
    }),
    { numRuns: 300 },
  );
  t.throws(() => resolve([], {}, { CTR_MIN_API_VERSION: 'v1.30' }), { message: /without "v" prefix/ });
  const file = { '/c.json': '{"min-api-version": "1.30"}' };
  t.equal(resolve(['--emulate', '29.0', '--config-file', '/c.json'], file).minApi, '1.30', 'daemon.json min-api-version from 29.0');
  t.throws(() => resolve(['--emulate', '28.5', '--config-file', '/c.json'], file), { message: /don't match any configuration option: min-api-version/ }, 'unknown before 29.0');
  t.equal(resolve(['--emulate', '29.0', '--config-file', '/c.json'], file, { CTR_MIN_API_VERSION: '1.50' }).minApi, '1.50', 'the environment wins over the file');
  t.throws(() => resolve([], {}, { CTR_MIN_API_VERSION: '' }), { message: /value is empty/ });
  t.equal(resolve(['--brand', 'docker'], {}, { CTR_MIN_API_VERSION: '1.50' }).minApi, resolve(['--brand', 'docker']).minApi, 'the docker brand reads DOCKER_MIN_API_VERSION only');
});
