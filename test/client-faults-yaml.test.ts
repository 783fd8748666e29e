import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import t from 'tap';
import { parse, stringify, type ToStringOptions } from 'yaml';
import { faultsFileFormat, readClientFaults, type ClientFaultsFile } from '../simulator/client-faults/index.js';
import { SimError } from '../simulator/index.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { writeFaultsFile } from './helpers/client-faults-file.js';
import { validFile } from './helpers/client-faults-arbitraries.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * Client-faults files in YAML (ctrd-sim --client-faults f.yaml): the same faults as their JSON
 * twin, and malformed YAML refused with a usage error that names the line and column.
 */

const root = new URL('../../', import.meta.url);
const readText = (path: string) => readFile(fileURLToPath(new URL(path, root)), 'utf8');
const PREFIX = 'invalid argument "f.yaml" for "--client-faults" flag: ';

/** The SimError `read` rejects with, or a failure saying what came instead. */
async function refusal(read: Promise<unknown>): Promise<SimError> {
  let result: unknown;
  try {
    result = await read;
  } catch (error) {
    if (error instanceof SimError && error.code === 'SIM_USAGE') return error;
    throw new Error(`not a usage error: ${String(error)}`);
  }
  throw new Error(`accepted: ${JSON.stringify(result)}`);
}

t.test('the format: by name, else by the first character', async (t) => {
  t.equal(faultsFileFormat('f.yaml', '{}'), 'yaml');
  t.equal(faultsFileFormat('F.YML', '{}'), 'yaml');
  t.equal(faultsFileFormat('f.json', 'faults: []'), 'json');
  t.equal(faultsFileFormat('/dev/stdin', ' \n{"faults": []}'), 'json');
  t.equal(faultsFileFormat('faults', 'faults: []'), 'yaml');
  t.equal(faultsFileFormat('faults.txt', ''), 'yaml');
});

t.test('the YAML example is the JSON example', async (t) => {
  const { $schema: _, ...json } = await readClientFaults(await readText('specs/client-faults.example.json'), 'example.json');
  const yaml = await readClientFaults(await readText('specs/client-faults.example.yaml'), 'example.yaml');
  t.same(yaml, json);
  t.ok(isDeepStrictEqual(yaml, json), 'strictly the same');
});

/**
 * Ways `yaml` writes the same data: block or flow collections, plain or quoted strings, indents.
 * Not what yaml 2.9.1 writes wrong: block scalars turn a string of spaces alone (`" "`) into an
 * empty one (`|-` then a blank line), and block collections with indentSeq false write an empty
 * sequence as `faults:` then `[]` at the key's indent, which yaml itself refuses.
 */
const writings: fc.Arbitrary<ToStringOptions> = fc
  .record(
    {
      collectionStyle: fc.constantFrom('any', 'block', 'flow'),
      defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'),
      defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE'),
      indent: fc.integer({ min: 1, max: 6 }),
      indentSeq: fc.boolean(),
      lineWidth: fc.constantFrom(0, 20, 80),
    },
    { requiredKeys: [] },
  )
  .filter((options) => !(options.collectionStyle === 'block' && options.indentSeq === false)) as fc.Arbitrary<ToStringOptions>;

t.test('any valid file written as JSON and as YAML reads as the same faults', async () => {
  await fc.assert(
    fc.asyncProperty(validFile, writings, async (file, options) => {
      const fromJson = await readClientFaults(JSON.stringify(file), 'f.json');
      const yaml = stringify(file, options);
      // What is tested is the reader: a text yaml's own parser does not read back as the file is a
      // writer's bug, not a case (yaml 2.9.1 folds a quoted string with a `$` wrongly at small widths).
      fc.pre(isDeepStrictEqual(parse(yaml), JSON.parse(JSON.stringify(file))));
      const fromYaml = await readClientFaults(yaml, 'f.yaml');
      if (!isDeepStrictEqual(fromYaml, fromJson)) throw new Error(`differs:\n${yaml}\n${JSON.stringify(fromYaml)}\n${JSON.stringify(fromJson)}`);
      // A name without .yaml: a block mapping is read as YAML by its content.
      if (!/^\s*\{/.test(yaml) && !isDeepStrictEqual(await readClientFaults(yaml, 'faults'), fromJson)) throw new Error('differs without the extension');
    }),
  );
});

/** Lines that break any block YAML they are inserted into, reported at that line. */
const BREAKING_LINES = ['\tkind: drop', 'a: b: c', '@x', '`probability: 1'];

t.test('malformed YAML: a usage error naming the inserted line, on one line', async () => {
  await fc.assert(
    fc.asyncProperty(validFile, fc.nat(), fc.constantFrom(...BREAKING_LINES), async (file, at, bad) => {
      const lines = stringify(file, { collectionStyle: 'block' }).split('\n');
      const index = at % (lines.length + 1);
      const text = [...lines.slice(0, index), bad, ...lines.slice(index)].join('\n');
      const error = await refusal(readClientFaults(text, 'f.yaml'));
      const want = `${PREFIX}not YAML: line ${index + 1}, column `;
      if (!error.message.startsWith(want)) throw new Error(`wanted "${want}…" for ${JSON.stringify(text)}, got: ${error.message}`);
      if (error.message.includes('\n')) throw new Error(`more than one line: ${error.message}`);
    }),
  );
});

t.test('any text as a YAML file: the faults or a one-line usage error, never another error', async () => {
  const yamlish = fc.string({ unit: fc.constantFrom(...'ab:- \n\t[]{},"\'&*!|>#%@`?.0'.split('')), maxLength: 60 });
  await fc.assert(
    fc.asyncProperty(fc.oneof(yamlish, fc.string({ unit: 'binary', maxLength: 60 })), async (text) => {
      let read: ClientFaultsFile;
      try {
        read = await readClientFaults(text, 'f.yaml');
      } catch (error) {
        if (!(error instanceof SimError) || error.code !== 'SIM_USAGE') throw new Error(`${JSON.stringify(text)}: ${String(error)}`);
        if (!error.message.startsWith(PREFIX) || error.message.includes('\n')) throw new Error(`unclear: ${error.message}`);
        return;
      }
      if (!Array.isArray(read.faults)) throw new Error(`accepted without faults: ${JSON.stringify(text)}`);
    }),
    { numRuns: 500 },
  );
});

t.test('what JSON cannot say is refused, not read', async (t) => {
  const cases: [string, RegExp][] = [
    ['faults: []\nseed: .inf', /line 2, column 7: Infinity is not a number a fault file takes/],
    ['faults:\n  - kind: drop\n    probability: .nan', /line 3, column 18: NaN is not a number/],
    ['faults: []\n---\nfaults: []', /not YAML: line 2, column 1: Source contains multiple documents/],
    ['faults: []\nfaults: []', /not YAML: line 2, column 1: Map keys must be unique/],
    ['faults: !nope []', /not YAML: line 1, column 9: Unresolved tag: !nope/],
    [
      `a: &a [x]\n${Array.from(
        { length: 12 },
        (_, i) =>
          `b${i}: &b${i} [${Array(12)
            .fill(i === 0 ? '*a' : `*b${i - 1}`)
            .join(', ')}]`,
      ).join('\n')}\nfaults: []`,
      /not YAML: Excessive alias count/,
    ],
    ['', /the file must hold one YAML mapping with a "faults" sequence/],
    ['- faults', /the file must hold one YAML mapping with a "faults" sequence/],
    ['faults:\n  - kind: delay\n    probability: 1', /entry 0: field ms: is required/],
  ];
  for (const [text, message] of cases) {
    const error = await refusal(readClientFaults(text, 'f.yaml'));
    t.match(error.message, message, JSON.stringify(text).slice(0, 50));
    t.ok(error.message.startsWith(PREFIX));
  }
});

t.test('the bundled ctrd-sim leaves yaml in node_modules, as it does ajv', async (t) => {
  const bundle = readFileSync(`${SIM_BIN}.script`, 'latin1');
  t.match(bundle, /require\("yaml"\)/);
  t.notMatch(bundle, /Excessive alias count/, "none of yaml's own code inside");
});

/** POST /containers/create on the unix socket: the status. */
const create = (socket: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ socketPath: socket, method: 'POST', path: '/containers/create', headers: { 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', reject);
    req.end('{"Image":"busybox"}');
  });

t.test('ctrd-sim with a YAML file: it starts and faults; a malformed one stops the start with one line and exit 1', async (t) => {
  const { dir } = writeFaultsFile(t, {});
  const good = join(dir, 'faults.yaml');
  const bad = join(dir, 'bad.yml');
  writeFileSync(good, await readText('specs/client-faults.example.yaml'));
  writeFileSync(bad, 'seed: 1\nfaults:\n  - kind: drop\n\tprobability: 1\n');

  const sim = startSimProcess(['-H', `unix://${join(dir, 'good.sock')}`, '--client-faults', good]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/client faults from [^ ]+faults\.yaml: 5 entries, seed 42/, 20_000);
  await sim.waitFor(/API listen on/, 20_000);
  t.equal(await create(join(dir, 'good.sock')), 500, 'the first create gets the http-error of the example');
  t.not(await create(join(dir, 'good.sock')), 500, 'once only (times: 1)');

  const refused = startSimProcess(['-H', `unix://${join(dir, 'bad.sock')}`, '--client-faults', bad]);
  t.teardown(() => refused.kill());
  t.equal(await refused.exited, 1);
  t.match(refused.output(), /^invalid argument "[^"]+bad\.yml" for "--client-faults" flag: not YAML: line 4, column 1: Tabs are not allowed as indentation\n$/);
});

/**
 * Preloaded into the simulator (NODE_OPTIONS --require): at its exit, the files node's module
 * loader loaded, one per line. (NODE_DEBUG=module was used before: its lines are written without
 * waiting on a full pipe, and a loaded machine lost some of them.)
 */
const MODULE_RECORDER = `process.on('exit', () => require('node:fs').writeFileSync(process.env.CTC_MODULES_FILE, Object.keys(require.cache).join('\\n')));\n`;

t.test('the yaml package is loaded only for a YAML file (the module loader’s cache, written at exit)', async (t) => {
  const { dir } = writeFaultsFile(t, {});
  const recorder = join(dir, 'record-modules.cjs');
  writeFileSync(recorder, MODULE_RECORDER);
  for (const format of ['json', 'yaml'] as const) {
    const file = join(dir, `faults.${format}`);
    const modules = join(dir, `${format}.modules`);
    writeFileSync(file, await readText(`specs/client-faults.example.${format}`));
    const sim = startSimProcess(['-H', `unix://${join(dir, `${format}.sock`)}`, '--client-faults', file], {
      env: { NODE_OPTIONS: `--require ${recorder}`, CTC_MODULES_FILE: modules },
    });
    t.teardown(() => sim.kill());
    await sim.waitFor(/API listen on/, 20_000);
    t.equal(await sim.kill(), 0, `${format}: the simulator stopped cleanly`);
    const loaded = readFileSync(modules, 'utf8');
    t.match(loaded, /node_modules\/ajv\//, `${format}: the validator is loaded`);
    if (format === 'json') t.notMatch(loaded, /node_modules\/yaml\//, 'json: yaml is not loaded');
    else t.match(loaded, /node_modules\/yaml\//, 'yaml: yaml is loaded');
  }
});
