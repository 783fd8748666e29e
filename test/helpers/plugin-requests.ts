import fc from 'fast-check';
import { oneEdit } from '../../suites/arbitraries/json-text.js';
import { create, set } from './plugin-exchanges.js';
import type { Ask } from './real-versus-sim.js';
import { ustar, type UstarEntry } from './ustar.js';

/**
 * Generated requests on plugins (test/sim-plugin-create.test.ts): names, archives, configs of
 * moby's type (valid, of wrong types, one edit away from JSON) and follow-ups. Enable names only
 * the setup's plugins moby refuses before it runs anything (plugin-exchanges.ts), and missing ones.
 */

/**
 * Names a create may make, in families that recur (a number tells them apart: removes free them),
 * and names it refuses. None is only hex digits, so none is taken for an ID prefix, and none is a
 * setup plugin's.
 */
const NAME_FORMS: readonly ((n: number) => string)[] = [
  (n) => `ctc-a${n}`,
  (n) => `ctc-a${n}:v1`,
  (n) => `docker.io/library/ctc-a${n}`,
  (n) => `index.docker.io/ctc-a${n}:latest`,
  (n) => `ctc/b${n}`,
  (n) => `localhost/ctc-c${n}`,
  (n) => `Ctc/d${n}`,
  (n) => `[::1]:5000/ctc-e${n}`,
];
const REFUSED_NAMES = ['CTC-D', `ctc-f@sha256:${'c'.repeat(64)}`, 'ctc-f@sha256:abc', 'd'.repeat(64), '', 'ctc..g', 'é', `ctc-h:${'x'.repeat(129)}`];
const pluginName = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...NAME_FORMS), fc.nat(4)).map(([form, n]) => form(n)) },
  { weight: 1, arbitrary: fc.constantFrom(...REFUSED_NAMES) },
);
/** Names the follow-ups look up: those a create may make, the setup's, its IDs, and missing ones. */
const lookedUp = fc.oneof(
  { weight: 4, arbitrary: pluginName },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'ctc-full',
      'ctc-full:latest',
      'docker.io/library/ctc-bare',
      `ctc-bare@sha256:${'e'.repeat(64)}`,
      '{full-id}',
      '{full-id12}',
      '{bare-id12}',
      '{nodevpath-id}',
      'ctc-gone',
    ),
  },
);
/** What enable may name: plugins moby refuses before it runs anything, and missing ones. */
const ENABLED = [
  'ctc-full',
  'docker.io/library/ctc-full:latest',
  '{full-id}',
  '{full-id12}',
  'ctc-nodevpath',
  '{nodevpath-id}',
  'ctc-gone',
  `ctc-a@sha256:${'e'.repeat(64)}`,
];

const text = fc.constantFrom('', 'x', 'a b', 'é', '<&>', '/p');
const texts = fc.oneof(fc.constant(null), fc.array(text, { maxLength: 2 }));
const optionalText = fc.option(text, { nil: null });
const settable = fc.constantFrom(null, [], ['value'], ['source'], ['path'], ['value', 'path']);
/** Interface types: with and without prefix, version or "/" (read past or panicking before 29.0), escapes Go hands over as written. */
const capability = fc.constantFrom(
  'docker.volumedriver/1.0',
  'docker.authz/1.0',
  'volumedriver/1.0',
  'a.b/c',
  'x.y.z/2/3',
  'docker.x',
  '',
  '/x',
  './x',
  'a<b>&c/1',
  'é.x/1',
  'éx/1',
);

/** A config of moby's type, every part optional. */
const validConfig = fc.record(
  {
    Description: text,
    Documentation: text,
    Entrypoint: texts,
    WorkDir: text,
    PropagatedMount: text,
    IpcHost: fc.boolean(),
    PidHost: fc.boolean(),
    Interface: fc.record({ Socket: text, Types: fc.array(capability, { maxLength: 3 }), ProtocolScheme: text }, { requiredKeys: [] }),
    Network: fc.record({ Type: fc.constantFrom('', 'host', 'bridge') }),
    User: fc.record({ UID: fc.nat(3), GID: fc.constantFrom(0, 4294967295) }, { requiredKeys: [] }),
    Env: fc.array(fc.record({ Name: fc.constantFrom('E1', 'E2'), Value: optionalText, Settable: settable }, { requiredKeys: ['Name'] }), { maxLength: 2 }),
    Args: fc.record({ Name: fc.constantFrom('args', ''), Value: texts, Settable: settable }, { requiredKeys: [] }),
    Mounts: fc.array(
      fc.record({ Name: fc.constantFrom('m1', 'm2'), Source: optionalText, Destination: text, Options: texts, Settable: settable }, { requiredKeys: ['Name'] }),
      {
        maxLength: 2,
      },
    ),
    Linux: fc.record(
      {
        Capabilities: texts,
        AllowAllDevices: fc.boolean(),
        Devices: fc.array(fc.record({ Name: fc.constantFrom('d1', 'd2'), Path: optionalText, Settable: settable }, { requiredKeys: ['Name'] }), {
          maxLength: 2,
        }),
      },
      { requiredKeys: [] },
    ),
    rootfs: fc.record({ diff_ids: texts, type: text }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

/** Values of the wrong type at top level (whole structs, nested fields, elements), which the decoder names per release. */
const WRONG_MEMBERS: readonly (readonly [string, unknown])[] = [
  ['Entrypoint', 1],
  ['Interface', 'x'],
  ['Interface', { Socket: 1 }],
  ['Interface', { Types: 'x' }],
  ['Interface', { Types: [1] }],
  ['Interface', { Types: [{ a: 1 }] }],
  ['Interface', { Types: [null] }],
  ['Mounts', {}],
  ['Mounts', [1]],
  ['Mounts', [{}, { Source: true }]],
  ['Linux', { Capabilities: ['a', 1] }],
  ['Linux', { Devices: [{ Path: 2 }] }],
  ['User', { UID: -1 }],
  ['User', { GID: 4294967296 }],
  ['User', { UID: '1' }],
  ['Env', [[]]],
  ['Env', [{ Value: 1 }]],
  ['IpcHost', 'true'],
  ['Args', []],
  ['Args', { Value: [1] }],
  ['rootfs', 1],
  ['DockerVersion', 1],
];

/** Lower-cases the first letter of some keys: Go matches a key to a field whatever its case, and 28.x names the key as written. */
const respelled = (document: Record<string, unknown>, lower: boolean): Record<string, unknown> =>
  lower ? Object.fromEntries(Object.entries(document).map(([key, value]) => [key.charAt(0).toLowerCase() + key.slice(1), value])) : document;

const configText = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(validConfig, fc.boolean()).map(([config, lower]) => JSON.stringify(respelled(config, lower))) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(validConfig, fc.subarray([...WRONG_MEMBERS], { minLength: 1, maxLength: 2 }), fc.nat(), fc.boolean())
      .map(([config, wrong, at, lower]) => {
        const members: [string, unknown][] = Object.entries(config).filter(([key]) => !wrong.some(([name]) => name === key));
        members.splice(at % (members.length + 1), 0, ...wrong.map(([key, value]): [string, unknown] => [key, value]));
        return JSON.stringify(respelled(Object.fromEntries(members), lower));
      }),
  },
  {
    weight: 2,
    arbitrary: oneEdit(['{"Description": "a\\nb", "User": {"UID": 1}, "Interface": {"Types": ["docker.volumedriver/1.0"]}}', '{"Entrypoint": ["a", "b"]}']),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '[]', 'null', '"x"', '{} {}', '{"Interface":{"Types":["a\\/b","\\u002fx"]}}', '{"Interface": {"Types": [ "x" , "" ]}}'),
  },
);

/** The archive: config.json (maybe twice, under other spellings of its name), the rootfs, other files. */
const archive = fc
  .record({
    config: fc.option(configText, { nil: null }),
    configName: fc.constantFrom('config.json', './config.json', '/config.json', 'rootfs/../config.json'),
    second: fc.option(configText, { nil: null }),
    rootfsDir: fc.constantFrom(null, 'rootfs/', 'rootfs', './rootfs/'),
    files: fc.subarray(['a', 'd/e', 'l', 'h', 'p']),
    content: fc.constantFrom('1', '2', 'same'),
    other: fc.boolean(),
    damage: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.record({ cutAt: fc.double({ min: 0, max: 1, noNaN: true }) }) },
      { weight: 1, arbitrary: fc.record({ garbageBlock: fc.nat(8) }) },
    ),
  })
  .map(({ config, configName, second, rootfsDir, files, content, other, damage }) => {
    const entries: UstarEntry[] = [];
    if (config !== null) entries.push({ name: configName, type: 'file', content: config });
    if (rootfsDir !== null) entries.push({ name: rootfsDir, type: 'directory' });
    if (files.includes('a')) entries.push({ name: 'rootfs/a', type: 'file', content });
    if (files.includes('d/e')) entries.push({ name: 'rootfs/d/e', type: 'file', content: 'e' });
    if (files.includes('l')) entries.push({ name: 'rootfs/l', type: 'symlink', target: '/a' });
    if (files.includes('h') && files.includes('a')) entries.push({ name: 'rootfs/h', type: 'hardlink', target: 'rootfs/a' });
    if (files.includes('p')) entries.push({ name: 'rootfs/p', type: 'fifo' });
    if (other) entries.push({ name: 'README', type: 'file', content: 'x' });
    if (second !== null) entries.push({ name: 'config.json', type: 'file', content: second });
    const bytes = ustar(entries);
    if (damage === null) return bytes;
    if ('cutAt' in damage) return bytes.subarray(0, Math.floor(bytes.length * damage.cutAt));
    const damaged = Buffer.from(bytes);
    const block = damage.garbageBlock % Math.ceil(bytes.length / 512);
    damaged.fill(7, block * 512, (block + 1) * 512);
    return damaged;
  });
const body = fc.oneof({ weight: 8, arbitrary: archive }, { weight: 1, arbitrary: fc.constantFrom(Buffer.alloc(0), Buffer.from('{}'), Buffer.alloc(1024)) });

const SETTINGS = [
  'E1=v',
  'E1',
  'E1.value=w',
  'E1.source=v',
  'E2=w',
  'm1=/s',
  'm1.source=/t',
  'm2=/x',
  'd1=/dev/zero',
  'd2=/x',
  'args=a b',
  'args',
  'nosuch=1',
  '=x',
  '',
  '.x=1',
  'E1.=1',
];
const FILTERS = [
  '{"capability":["volumedriver"]}',
  '{"capability":["olumedriver"]}',
  '{"capability":["authz","volumedriver"]}',
  '{"capability":["volume.*"]}',
  '{"capability":["["]}',
  '{"enabled":["false"]}',
  '{"enabled":["true"]}',
  '{}',
];

const inPath = (name: fc.Arbitrary<string>): fc.Arbitrary<string> => name.filter((text) => text !== '').map(encodeURIComponent);
/** A request of the property: mostly creates, then lists, inspects, settings, removes, disables and enables of what they made. */
export const pluginRequest: fc.Arbitrary<Ask> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(pluginName, body).map(([name, archive]) => create(name, archive)) },
  {
    weight: 2,
    arbitrary: fc
      .option(fc.constantFrom(...FILTERS), { nil: null })
      .map((filters): Ask => ({ method: 'GET', path: filters === null ? '/plugins' : `/plugins?filters=${encodeURIComponent(filters)}` })),
  },
  { weight: 2, arbitrary: inPath(lookedUp).map((name): Ask => ({ method: 'GET', path: `/plugins/${name}/json` })) },
  { weight: 2, arbitrary: fc.tuple(inPath(lookedUp), fc.subarray(SETTINGS, { maxLength: 3 })).map(([name, settings]) => set(name, settings)) },
  {
    weight: 2,
    arbitrary: fc.tuple(inPath(lookedUp), fc.boolean()).map(([name, force]): Ask => ({ method: 'DELETE', path: `/plugins/${name}${force ? '?force=1' : ''}` })),
  },
  { weight: 1, arbitrary: inPath(lookedUp).map((name): Ask => ({ method: 'POST', path: `/plugins/${name}/disable` })) },
  { weight: 1, arbitrary: inPath(fc.constantFrom(...ENABLED)).map((name): Ask => ({ method: 'POST', path: `/plugins/${name}/enable?timeout=0` })) },
);
