import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { answer, configFile, create, plugin, rootfsOf, set, setup } from './helpers/plugin-exchanges.js';
import { pluginRequest } from './helpers/plugin-requests.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, simClient } from './helpers/real-versus-sim.js';
import { ustar } from './helpers/ustar.js';

/**
 * POST /plugins/create and the plugin store it fills (simulator/engine/plugins/): the name, the
 * archive, the config, the rootfs blob; then list, inspect, set, disable, enable (up to what runs
 * a plugin) and remove on the plugins made. The table is what 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * answered (2026-12-06); the property sends generated creates and follow-ups to each real release
 * and to ctrd-sim emulating it. No request enables a plugin that could start: enable names only
 * the setup's plugins whose config moby refuses before it runs anything, and missing ones.
 */

/** An archive of config.json {} and rootfs/a (its content `content`), cut after `bytes`. */
const cut = (bytes: number, content = 'A'.repeat(100)): Buffer =>
  ustar([configFile('{}'), { name: 'rootfs/a', type: 'file', content }, { name: 'rootfs/b', type: 'file', content: 'B' }]).subarray(0, bytes);

const numberIntoString = (words: string, path: string) => `failed to parse config: json: cannot unmarshal number into ${words}${path} of type string`;
const uintError = (field: string): [number, string] => [
  500,
  `failed to parse config: json: cannot unmarshal number 1.5 into Go struct field ${field} of type uint32`,
];
const STORED_TYPES = {
  typesOld: JSON.stringify(['.olumedriver/1.0', 'docker.x.y\\",/', '.]/']),
  typesModule: JSON.stringify(['.volumedriver/1.0', 'docker.x.y/', './']),
};

// Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-06 ('=': as the release before it), after the setup made its three plugins.
const OBSERVED: Observed = [
  // The name: distribution/reference's words, 500.
  [create(null, rootfsOf('n0')), [500, 'failed to parse reference : invalid reference format'], '=', '=', '='],
  [
    create('P1', rootfsOf('n1')),
    [500, 'failed to parse reference P1: invalid reference format: repository name must be lowercase'],
    [500, 'failed to parse reference P1: invalid reference format: repository name (library/P1) must be lowercase'],
    '=',
    '=',
  ],
  [
    create('Ab/c', [configFile('{}'), ...rootfsOf('n2')]),
    [500, 'failed to parse reference Ab/c: invalid reference format: repository name must be lowercase'],
    [204, ''],
    '=',
    '=',
  ],
  [
    create('[::1]:5000/ctc-v6', [configFile('{}'), ...rootfsOf('n3')]),
    [500, 'failed to parse reference [::1]:5000/ctc-v6: invalid reference format'],
    [204, ''],
    '=',
    '=',
  ],
  [
    create('a'.repeat(240), [configFile('{}'), ...rootfsOf('n4')]),
    [500, `failed to parse reference ${'a'.repeat(240)}: repository name must not be more than 255 characters`],
    [204, ''],
    '=',
    '=',
  ],
  [
    create(`ctc-d@sha256:${'A'.repeat(64)}`, rootfsOf('n5')),
    [500, `failed to parse reference ctc-d@sha256:${'A'.repeat(64)}: invalid checksum digest format`],
    '=',
    '=',
    '=',
  ],
  [
    create(`ctc-d@md5:${'a'.repeat(32)}`, rootfsOf('n6')),
    [500, `failed to parse reference ctc-d@md5:${'a'.repeat(32)}: unsupported digest algorithm`],
    '=',
    '=',
    '=',
  ],
  [create(`ctc-x:latest@sha256:${'b'.repeat(64)}`, rootfsOf('n7')), [500, 'canonical references are not permitted'], '=', '=', '='],
  [create('ctc-full', rootfsOf('n8')), [409, 'plugin ctc-full:latest already exists'], '=', '=', '='],
  [create('docker.io/library/ctc-full:latest', rootfsOf('n9')), [409, 'plugin ctc-full:latest already exists'], '=', '=', '='],
  // The archive: Go's tar reader, the pipe to the unpack, the rootfs.
  [create('ctc-e1', Buffer.alloc(0)), [500, 'no rootfs found: EOF'], '=', [500, 'config not found'], '='],
  [create('ctc-e2', Buffer.from('hello world')), [500, 'failed to read from tar: unexpected EOF'], '=', '=', '='],
  [create('ctc-e3', Buffer.alloc(600, 1)), [500, 'failed to read from tar: archive/tar: invalid tar header'], '=', '=', '='],
  [create('ctc-e4', [configFile('{}')]), [500, 'no rootfs found: EOF'], '=', [204, ''], '='],
  [create('ctc-e5', rootfsOf('n10')), [500, 'config not found'], '=', '=', '='],
  [
    create('ctc-e6', cut(1536 + 50)),
    [500, 'Error processing tar file(exit status 1): unexpected EOF'],
    [500, 'error copying tar data: unexpected EOF'],
    '=',
    '=',
  ],
  [
    create('ctc-e7', cut(2048 + 100)),
    [500, 'Error processing tar file(failed to read from tar: unexpected EOF): '],
    [500, 'failed to read from tar: unexpected EOF'],
    '=',
    '=',
  ],
  [create('ctc-e8', cut(512 + 1)), [500, 'failed to read config.json: unexpected EOF'], '=', '=', '='],
  // The config: json.Unmarshal in the words of each release's Go and types.
  [plugin('ctc-j1', '{'), [500, 'failed to parse config: unexpected end of JSON input'], '=', '=', '='],
  [
    plugin('ctc-j2', '[]'),
    [500, 'failed to parse config: json: cannot unmarshal array into Go value of type types.PluginConfig'],
    '=',
    '=',
    [500, 'failed to parse config: json: cannot unmarshal array into Go value of type plugin.Config'],
  ],
  [
    plugin('ctc-j3', '{"Mounts": [{}, {"source": 1}]}'),
    [500, numberIntoString('Go struct field ', 'PluginMount.Mounts.Source')],
    '=',
    [500, numberIntoString('Go struct field ', 'PluginConfig.Mounts.1.source')],
    [500, numberIntoString('Go struct field ', 'Mount.Mounts.Source')],
  ],
  [
    plugin('ctc-j4', '{"linux": {"capabilities": ["a", 1]}}'),
    [500, numberIntoString('Go struct field ', 'PluginConfigLinux.Linux.Capabilities')],
    '=',
    [500, numberIntoString('', 'PluginConfig.linux.capabilities.1')],
    [500, numberIntoString('Go struct field ', 'LinuxConfig.Linux.Capabilities')],
  ],
  [plugin('ctc-j5', '{"User": {"UID": 1.5}}'), uintError('PluginConfigUser.User.UID'), '=', uintError('PluginConfig.User.UID'), uintError('User.User.UID')],
  [
    plugin('ctc-j6', '{"Interface": {"Types": [1]}, "Entrypoint": 1}'),
    [500, 'failed to parse config: "1" is not a plugin interface type'],
    '=',
    '=',
    [500, 'failed to parse config: json: cannot unmarshal number into Go struct field Interface.Interface.Types of type plugin.CapabilityID'],
  ],
  [
    plugin('ctc-j7', '{"Entrypoint": 1, "Interface": {"Types": [{"a":1}]}}'),
    [500, 'failed to parse config: "{\\"a\\":1}" is not a plugin interface type'],
    '=',
    [500, 'failed to parse config: json: cannot unmarshal number into Go struct field PluginConfig.Entrypoint of type []string'],
    [500, 'failed to parse config: json: cannot unmarshal number into Go struct field Config.Entrypoint of type []string'],
  ],
  // An interface type without "/": 20.10's and 26.1's decoder reads past the string, 28.5's panics.
  [plugin('ctc-t1', '{"Interface": {"Types": ["volumedriver/1.0", "docker.x.y", ""]}}'), [204, ''], '=', [0, 'connection dropped'], [204, '']],
  [plugin('ctc-t2', '{"Interface": {"Types": ["/x"]}}'), [0, 'connection dropped'], '=', '=', [204, '']],
  // The rootfs blob: a second plugin with the same rootfs finds it in the content store, unless a failed create of its name left bytes in its ingest.
  [plugin('ctc-b1', '{}', 'same'), [204, ''], '=', '=', '='],
  [plugin('ctc-b2', '{}', 'same'), [409, 'content {digest-1}: already exists'], '=', [500, 'content {digest-1}: already exists'], '='],
  [plugin('ctc-b3', '{', 'same'), [500, 'failed to parse config: unexpected end of JSON input'], '=', '=', '='],
  [plugin('ctc-b3', '{}', 'same'), [204, ''], '=', '=', '='],
  // set, disable and enable on the setup's plugins.
  [set('ctc-full', ['E1=new', 'E2=two', 'args=x y  z', 'm1=/other', 'd1=/dev/zero']), [204, ''], '=', '=', '='],
  [set('ctc-full', ['E1.source=v']), [500, '"E1.source" is not settable'], '=', '=', '='],
  [set('ctc-full', ['E5=v']), [500, 'multiple fields are settable, one must be specified'], '=', '=', '='],
  [set('ctc-full', ['E1=partial', 'nosuch=1']), [500, 'setting "nosuch" not found in the plugin configuration'], '=', '=', '='],
  [set('ctc-full', ['E2=x', '=x']), [500, 'invalid format, must be <name>[.<field>][=<value>]'], '=', '=', '='],
  [set('ctc-full', ['m2=/x']), [500, 'Plugin config has no mount source'], '=', '=', [500, 'plugin config has no mount source']],
  [
    { method: 'POST', path: '/plugins/ctc-full/disable?force=1' },
    [409, 'plugin is already disabled: plugin ctc-full:latest found but disabled'],
    '=',
    '=',
    '=',
  ],
  [{ method: 'POST', path: '/plugins/ctc-full/enable?timeout=0' }, [500, 'mount source is not specified'], '=', '=', '='],
  [
    { method: 'POST', path: '/plugins/ctc-full/enable?timeout=x' },
    [500, 'strconv.Atoi: parsing "x": invalid syntax'],
    '=',
    '=',
    [400, 'strconv.Atoi: parsing "x": invalid syntax'],
  ],
  [{ method: 'POST', path: '/plugins/ctc-nodevpath/enable?timeout=0' }, [0, 'connection dropped'], '=', '=', '='],
  [{ method: 'GET', path: `/plugins?filters=${encodeURIComponent('{"enabled":["true"]}')}` }, [200, '[]'], '=', '=', '='],
  [{ method: 'DELETE', path: '/plugins/ctc-nodevpath' }, [200, ''], '=', '=', '='],
  [{ method: 'GET', path: '/plugins/ctc-nodevpath/json' }, [404, 'plugin "ctc-nodevpath" not found'], '=', '=', '='],
];

const readTypes = async (client: HttpClient, ask: Ask): Promise<[number, string]> => {
  const [status, message] = await answer(client, ask);
  if (status !== 200) return [status, message];
  return [status, JSON.stringify((JSON.parse(message) as { Config: { Interface: { Types: unknown } } }).Config.Interface.Types)];
};

checkObserved(
  'created plugins: the routes answer as each release did',
  'ctc-plugin-create-',
  OBSERVED,
  answer,
  [],
  async (client) => void (await setup(client)),
);

// What each release made of interface types without "/" (28.5.2 dropped the create, so it finds no plugin).
checkObserved(
  'the interface types of a plugin as each release stored them',
  'ctc-plugin-types-',
  [
    [plugin('ctc-t1', '{"Interface": {"Types": ["volumedriver/1.0", "docker.x.y", ""]}}'), [204, ''], '=', [0, 'connection dropped'], [204, '']],
    [{ method: 'GET', path: '/plugins/ctc-t1/json' }, [200, STORED_TYPES.typesOld], '=', [404, 'plugin "ctc-t1" not found'], [200, STORED_TYPES.typesModule]],
  ],
  readTypes,
);

t.test('ctrd-sim answers 501 for an enable that passes the checks moby makes before it runs the plugin', async (t) => {
  const client = await simClient(t, 'ctc-plugin-enable-', '28.5');
  await setup(client);
  t.same(await answer(client, { method: 'POST', path: '/plugins/ctc-bare/enable?timeout=0' }), [
    501,
    'POST /plugins/{name}/enable (running a plugin) is not implemented by ctrd-sim',
  ]);
  t.same((await answer(client, { method: 'GET', path: '/plugins/ctc-bare/json' }))[0], 200, 'and the plugin stays');
});

t.test('a create and a remove log the plugin events moby logs; /info is unchanged', async (t) => {
  for (const release of ['20.10', '28.5', '29.7']) {
    const client = await simClient(t, 'ctc-plugin-events-', release);
    const info = async () => (JSON.parse((await client.request('GET', '/info')).body) as { Plugins: unknown }).Plugins;
    const before = await info();
    await answer(client, plugin('ctc-ev', '{}'));
    const id = (JSON.parse((await client.request('GET', '/plugins/ctc-ev/json')).body) as { Id: string }).Id;
    t.same(await info(), before, `${release}: /info's Plugins (a disabled plugin serves nothing)`);
    await answer(client, { method: 'DELETE', path: `/plugins/${id.slice(0, 7)}` });
    const events = (
      await client.request('GET', `/events?since=0&until=${Math.ceil(Date.now() / 1000) + 1}&filters=${encodeURIComponent('{"type":["plugin"]}')}`)
    ).body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { Type: string; Action: string; Actor: unknown; scope: string });
    t.same(
      events.map(({ Type, Action, Actor, scope }) => ({ Type, Action, Actor, scope })),
      [
        { Type: 'plugin', Action: 'create', Actor: { ID: id, Attributes: { name: 'ctc-ev:latest' } }, scope: 'local' },
        { Type: 'plugin', Action: 'remove', Actor: { ID: id, Attributes: { name: id.slice(0, 7) } }, scope: 'local' },
      ],
      `${release}: the events (the remove names the plugin as the request did)`,
    );
  }
});

checkAgainstRealReleases('plugins made by create and what follows', 'ctc-plugin-create-', pluginRequest, 300, { setup, read: answer });
