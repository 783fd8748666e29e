import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import t from 'tap';
import {
  CLIENT_FAULT_KINDS,
  clientFaultsJsonSchemaText,
  MAX_DELAY_MS,
  MAX_SEED,
  MAX_STALL_MS,
  parseClientFaults,
  type ClientFaultKind,
} from '../simulator/client-faults/index.js';
import { SimError } from '../simulator/index.js';
import { startSimProcess } from './helpers/sim-process.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { writeFaultsFile } from './helpers/client-faults-file.js';
import { validEntry, validFile } from './helpers/client-faults-arbitraries.js';

/**
 * The client-faults file (ctrd-sim --client-faults): the committed schema and example, and the
 * loader over generated valid and invalid files. The loader and the shipped JSON Schema must
 * agree wherever the schema can say it; a bad file is a SIM_USAGE error naming the entry and field.
 */

const root = new URL('../../', import.meta.url);
const readText = (path: string) => readFile(fileURLToPath(new URL(path, root)), 'utf8');

/** The shipped schema, compiled by an Ajv of its own (what an editor or another tool would do). */
const shipped = (() => {
  let validate: ReturnType<Ajv['compile']> | undefined;
  return async () => (validate ??= new Ajv({ strict: false }).compile(JSON.parse(await readText('specs/client-faults.schema.json'))));
})();

t.test('the committed specs/client-faults.schema.json is the TypeBox type', async (t) => {
  const committed = await readText('specs/client-faults.schema.json');
  t.equal(committed, clientFaultsJsonSchemaText(), 'stale: run `npm run build --silent && node scripts/write-client-faults-schema.mjs`');
  t.notMatch(committed, /"\[object|Symbol\(/);
});

t.test('the example file is valid by the schema and loads', async (t) => {
  const text = await readText('specs/client-faults.example.json');
  t.ok((await shipped())(JSON.parse(text)), 'valid by the shipped schema');
  const parsed = parseClientFaults(text, 'example.json');
  t.ok(parsed.faults.length >= 5);
  t.same(new Set(parsed.faults.map((entry) => entry.kind)).size >= 5, true, 'it shows several kinds');
});

t.test('generated valid files: the loader takes them, and so does the shipped schema', async () => {
  const validate = await shipped();
  fc.assert(
    fc.property(validFile, (file) => {
      const text = JSON.stringify(file);
      if (!validate(JSON.parse(text))) throw new Error(`the shipped schema refuses ${text}: ${JSON.stringify(validate.errors)}`);
      const parsed = parseClientFaults(text, 'f.json');
      if (parsed.faults.length !== file.faults.length) throw new Error('entries lost');
      parsed.faults.forEach((entry, i) => {
        // Defaults are filled in; everything given is kept as given.
        for (const [key, value] of Object.entries(file.faults[i]!))
          if (JSON.stringify((entry as Record<string, unknown>)[key]) !== JSON.stringify(value)) throw new Error(`entry ${i}: ${key} changed`);
      });
    }),
  );
});

/** One mistake in one entry, the field the error must name, and whether the JSON Schema alone can see it. */
interface Mistake {
  readonly field: string;
  readonly schemaSees: boolean;
  apply(entry: Record<string, unknown>): Record<string, unknown>;
}

/** The entry made an entry of `kind` with `params` (its other fields kept but its parameters dropped). */
const kindMistake = (field: string, kind: ClientFaultKind, params: Record<string, unknown>): Mistake => ({
  field,
  schemaSees: true,
  apply: (e) => ({ probability: e['probability'], kind, ...params }),
});

const MISTAKES: fc.Arbitrary<Mistake> = fc.oneof(
  fc.constantFrom<Mistake>(
    { field: 'kind', schemaSees: true, apply: ({ kind: _, ...rest }) => rest },
    { field: 'kind', schemaSees: true, apply: (e) => ({ ...e, kind: 'explode' }) },
    { field: 'kind', schemaSees: true, apply: (e) => ({ ...e, kind: 7 }) },
    { field: 'probability', schemaSees: true, apply: ({ probability: _, ...rest }) => rest },
    { field: 'probability', schemaSees: true, apply: (e) => ({ ...e, probability: '0.5' }) },
    { field: 'colour', schemaSees: true, apply: (e) => ({ ...e, colour: 'red' }) },
    { field: 'method', schemaSees: true, apply: (e) => ({ ...e, method: 'get' }) },
    { field: 'method', schemaSees: true, apply: (e) => ({ ...e, method: [] }) },
    { field: 'times', schemaSees: true, apply: (e) => ({ ...e, times: 0 }) },
    { field: 'path', schemaSees: true, apply: ({ pathRegex: _, ...e }) => ({ ...e, path: 'containers/json' }) },
    { field: 'path', schemaSees: false, apply: ({ pathRegex: _, ...e }) => ({ ...e, path: '/a/:x/:x' }) },
    { field: 'path', schemaSees: false, apply: ({ pathRegex: _, ...e }) => ({ ...e, path: '/images/(' }) },
    { field: 'pathRegex', schemaSees: false, apply: ({ path: _, ...e }) => ({ ...e, pathRegex: '(unclosed' }) },
    { field: 'pathRegex', schemaSees: false, apply: (e) => ({ ...e, path: '/version', pathRegex: '^/version$' }) },
  ),
  fc
    .double({ noNaN: true })
    .filter((p) => p < 0 || p > 1)
    .map((p): Mistake => ({ field: 'probability', schemaSees: true, apply: (e) => ({ ...e, probability: p }) })),
  // A parameter out of its bound, or missing, on an entry of the kind that takes it.
  fc.constantFrom<Mistake>(
    kindMistake('ms', 'delay', { ms: MAX_DELAY_MS + 1 }),
    kindMistake('ms', 'stall', {}),
    kindMistake('ms', 'stall', { ms: MAX_STALL_MS + 1 }),
    kindMistake('status', 'http-error', { status: 200 }),
    kindMistake('chunkBytes', 'slow', { chunkBytes: 0 }),
    kindMistake('afterwards', 'stall', { ms: 5, afterwards: 'later' }),
    kindMistake('contentType', 'content-type', { contentType: 'text/html\r\nX-Injected: 1' }),
    kindMistake('ms', 'drop', { ms: 5 }),
  ),
);

/** An entry of `kind` with nothing but what that kind takes, so a mistake is the only one. */
const bareEntry = (kind: ClientFaultKind): Record<string, unknown> => ({
  kind,
  probability: 0.5,
  ...(kind === 'delay' ? { ms: 10 } : kind === 'stall' ? { ms: 10 } : {}),
});

t.test('generated invalid files: a SIM_USAGE error naming the entry and the field; the shipped schema refuses what it can see', async () => {
  const validate = await shipped();
  fc.assert(
    fc.property(fc.array(validEntry, { maxLength: 4 }), fc.nat(), fc.constantFrom(...CLIENT_FAULT_KINDS), MISTAKES, (good, at, kind, mistake) => {
      const index = at % (good.length + 1);
      const bad = mistake.apply(bareEntry(kind));
      const faults = [...good.slice(0, index), bad, ...good.slice(index)];
      const text = JSON.stringify({ faults });
      let error: unknown;
      try {
        parseClientFaults(text, 'f.json');
      } catch (caught) {
        error = caught;
      }
      if (!(error instanceof SimError) || error.code !== 'SIM_USAGE') throw new Error(`no usage error for ${JSON.stringify(bad)}: ${String(error)}`);
      const want = `entry ${index}: field ${mistake.field}: `;
      if (!error.message.includes(want)) throw new Error(`wanted "${want}" in: ${error.message}`);
      if (!error.message.startsWith('invalid argument "f.json" for "--client-faults" flag: ')) throw new Error(`the file is not named: ${error.message}`);
      if (mistake.schemaSees && validate(JSON.parse(text))) throw new Error(`the shipped schema takes ${JSON.stringify(bad)}`);
    }),
  );
});

t.test('an entry with a name is named by it too', async (t) => {
  t.throws(() => parseClientFaults(JSON.stringify({ faults: [{ name: 'slow list', kind: 'delay', probability: 1 }] }), 'f.json'), {
    code: 'SIM_USAGE',
    message: 'invalid argument "f.json" for "--client-faults" flag: entry 0 ("slow list"): field ms: is required',
  });
});

t.test('mistakes outside the entries', async (t) => {
  const cases: [string, RegExp][] = [
    ['', /not JSON/],
    ['{"faults": [', /not JSON/],
    ['[]', /one JSON object with a "faults" array/],
    ['null', /one JSON object with a "faults" array/],
    ['{}', /field faults: is required/],
    ['{"faults": {}}', /field faults: must be array/],
    ['{"faults": [], "seed": -1}', /field seed: must be >= 0/],
    [`{"faults": [], "seed": ${MAX_SEED + 1}}`, /field seed: must be <= 4294967295/],
    ['{"faults": [], "sead": 1}', /field sead: is not a known field/],
    ['{"faults": [3]}', /entry 0: field \(the entry\): must be an object/],
    [JSON.stringify({ faults: Array.from({ length: 1001 }, () => ({ kind: 'drop', probability: 0 })) }), /field faults: must NOT have more than 1000 items/],
  ];
  for (const [text, message] of cases) t.throws(() => parseClientFaults(text, 'f.json'), { code: 'SIM_USAGE', message }, JSON.stringify(text).slice(0, 60));
});

t.test('ctrd-sim with a bad file: one line naming the entry and field, exit 1, no socket opened', async (t) => {
  const { dir, file } = writeFaultsFile(t, {
    faults: [
      { kind: 'drop', probability: 1 },
      { name: 'slow list', kind: 'delay', probability: 1, ms: -5 },
    ],
  });
  const cases: [string, readonly string[], RegExp][] = [
    [
      'a bad entry',
      ['--client-faults', file],
      /^invalid argument "[^"]+faults\.json" for "--client-faults" flag: entry 1 \("slow list"\): field ms: must be >= 0\n$/,
    ],
    [
      'a missing file',
      ['--client-faults', join(dir, 'none.json')],
      /invalid argument "[^"]+none\.json" for "--client-faults" flag: open [^:]+: no such file or directory/,
    ],
    ['a seed without a file', ['--client-faults-seed', '3'], /--client-faults-seed needs --client-faults FILE/],
  ];
  for (const [what, flags, message] of cases) {
    const socket = join(dir, 'd.sock');
    const sim = startSimProcess(['-H', `unix://${socket}`, ...flags]);
    t.teardown(() => sim.kill());
    t.equal(await sim.exited, 1, `${what}: exit 1`);
    t.match(sim.output(), message, `${what}: says why`);
    t.notMatch(sim.output(), /API listen on/, `${what}: listened on nothing`);
    t.notOk(existsSync(socket), `${what}: no socket`);
  }
});

t.test('the bundled ctrd-sim copied without node_modules (as into a container image): it starts, and --client-faults says what it lacks', async (t) => {
  const { dir, file } = writeFaultsFile(t, { faults: [{ kind: 'drop', probability: 1 }] });
  const alone = join(dir, 'ctrd-sim.js');
  // The binary, its script and the script's code cache (scripts/bundle-sim.mjs), as the container target copies them.
  for (const suffix of ['', '.script', '.cache']) copyFileSync(`${SIM_BIN}${suffix}`, `${alone}${suffix}`);
  writeFileSync(join(dir, 'package.json'), '{}\n');
  const run = (args: readonly string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(process.execPath, [alone, ...args], { timeout: 20_000 }, (error, _stdout, stderr) =>
        resolve({ code: error === null ? 0 : (error.code as number), stderr }),
      ),
    );
  t.equal((await run(['--version'])).code, 0, 'without the file it needs nothing else beside it');
  const roots = ['--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '--pidfile', join(dir, 'pid'), '-H', `unix://${join(dir, 's.sock')}`];
  const faulted = await run([...roots, '--client-faults', file]);
  t.equal(faulted.code, 1);
  t.match(faulted.stderr, /^--client-faults needs the packages ajv and @sinclair\/typebox beside ctrd-sim: Cannot find module/);
  t.notOk(existsSync(join(dir, 's.sock')), 'and listens on nothing');
});
