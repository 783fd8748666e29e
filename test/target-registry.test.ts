import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import { TARGET_KINDS } from '../reports/model/result.js';
import { SIMULATOR_KINDS, TARGET_HELP, TARGET_REGISTRY, targetKindOf, type TargetKindName } from '../suites/targets/registry.js';
import { isSimulatorSpec, resolveTarget } from '../suites/targets/resolve.js';
import { TargetError } from '../suites/targets/target.js';
import { cliWithin } from './helpers/cli.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/transcripts/dockerd-28.5.json.gz', import.meta.url));

/** Specs of every kind that resolve on any machine (typed by the registry's names: a new kind needs its own here). */
const EXAMPLES: { readonly [K in TargetKindName]: readonly string[] } = {
  sim: ['sim', 'sim@26.1'],
  'sim-process': ['sim-process', 'sim-process@20.10'],
  container: ['container:unix:///tmp/ctc-none/engine.sock'],
  daemon: [`daemon:${process.execPath}`],
  podman: [`podman:${process.execPath}`],
  endpoint: ['endpoint:unix:///tmp/ctc-none/d.sock', 'endpoint:tcp://127.0.0.1:2375', 'endpoint:https://127.0.0.1:2376'],
  openai: ['openai:http://127.0.0.1:12434/engines/v1'],
  'llama-server': ['llama-server'],
  replay: [`replay:${FIXTURE}`],
};

const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

t.test("every kind's help words are in the --target help of run and certify", async (t) => {
  for (const command of ['run', 'certify']) {
    const help = await cliWithin(t, [command, '--help']);
    t.equal(help.code, 0, help.stderr);
    for (const entry of TARGET_REGISTRY) t.ok(oneLine(help.stdout).includes(entry.help), `${command} --help names ${entry.help}`);
    t.ok(oneLine(help.stdout).includes(TARGET_HELP), `${command} --help has them in the registry's order`);
  }
});

t.test('each kind resolves to a target of that kind, with its capabilities and surfaces', async (t) => {
  for (const entry of TARGET_REGISTRY) {
    for (const spec of EXAMPLES[entry.name]) {
      t.equal(targetKindOf(spec), entry, `${spec}: kind ${entry.name}`);
      const target = resolveTarget(spec, {});
      t.equal(target.kind, entry.reports, `${spec}: reported as ${entry.reports}`);
      t.ok(
        [...target.capabilities].every((c) => entry.capabilities.has(c)),
        `${spec}: capabilities within the kind's`,
      );
      t.same([...target.surfaces].sort(), [...entry.surfaces].sort(), `${spec}: surfaces`);
      t.equal(isSimulatorSpec(spec), entry.simulator, `${spec}: simulator or not`);
    }
  }
});

t.test("whatever follows a kind's name and separator is read as that kind, by no other", async () => {
  const spelled = fc.constantFrom(
    ...TARGET_REGISTRY.flatMap((entry) => [
      ...(entry.spelled.bare ? [{ entry, head: entry.name }] : []),
      ...entry.spelled.after.map((separator) => ({ entry, head: `${entry.name}${separator}` })),
    ]),
  );
  fc.assert(
    fc.property(spelled, fc.string(), ({ entry, head }, tail) => targetKindOf(`${head}${entry.spelled.bare && head === entry.name ? '' : tail}`) === entry),
  );
});

t.test("a spec of no kind is refused with every kind's spelling", async (t) => {
  const spellings = TARGET_REGISTRY.map((entry) => entry.spelling);
  fc.assert(
    fc.property(
      fc
        .oneof(fc.string(), fc.constantFrom('nope', 'sim:26.1', 'container', 'daemon', 'openai', 'replay', 'llama-server:x', 'simulator'))
        .filter((spec) => targetKindOf(spec) === undefined),
      (spec) => {
        try {
          resolveTarget(spec, {});
          return false;
        } catch (error) {
          return (
            error instanceof TargetError &&
            error.code === 'TARGET_SPEC' &&
            error.message.startsWith(`unknown target ${JSON.stringify(spec)}: expected `) &&
            spellings.every((spelling) => error.message.includes(spelling))
          );
        }
      },
    ),
  );
  t.throws(() => resolveTarget('nope', {}), {
    message:
      'unknown target "nope": expected sim[@R], sim-process[@R], container:ENGINE, daemon:PATH, podman[@R|:PATH], endpoint:URL, openai:URL, llama-server or replay:FILE',
  });
});

t.test('the kinds reports record are the kinds of the registry; the simulator kinds are named once', async (t) => {
  t.same([...new Set(TARGET_REGISTRY.map((entry) => entry.reports))].sort(), [...TARGET_KINDS].sort());
  t.equal(SIMULATOR_KINDS, 'sim, sim-process, container');
  t.equal(
    TARGET_HELP,
    'sim[@R] | sim-process[@R] (R: the release emulated, e.g. sim@26.1) | container:ENGINE | daemon:PATH | podman[@R|:PATH] | endpoint:URL (URL defaults to $CTR_HOST / $DOCKER_HOST) | openai:URL | llama-server | replay:TRANSCRIPT',
  );
  t.throws(() => resolveTarget(`daemon:${process.execPath}`, { emulate: '28.5' }), {
    message: '--emulate applies to the simulator targets (sim, sim-process, container) only',
  });
});
