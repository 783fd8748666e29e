import fc from 'fast-check';
import t from 'tap';
import { HttpClient } from '../suites/http/client.js';
import { profileFor } from '../suites/profiles.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import type { Target } from '../suites/targets/target.js';
import { observedDaemons } from './helpers/real-versus-sim.js';
import { replayParameters } from './helpers/replay.js';
import { startsAlike } from './helpers/start-outcome.js';

/**
 * A builder rule's `filter` (simulator/config/file/gc-filter.ts): the document gives it as a list of
 * "name=value" strings. Generated values of any JSON shape there (lists of strings with and
 * without "=", nulls, other types, objects of objects), in rules whose other fields may be
 * mistyped, beside other mistyped keys; sizes that parse and do not, and filters that BuildKit's
 * policy refuses (simulator/config/file/builder-gc-policy.ts). Each observed release started with
 * the file and ctrd-sim emulating it, the outcomes compared: started, or refused in which words.
 * Then a reload of a filter without "=": whether the daemon goes on.
 */

const filterString = fc.oneof(
  fc.constantFrom('type==source.local', 'id=abc', 'label!=x', ' Type = exec.cachemount ', 'type=b'),
  fc.constantFrom('until=24h', ' UNTIL = 10m ', 'until=x', 'until=2020-01-01', 'unused-for=1.5', 'unused-for=1h'),
  fc.constantFrom('dangling', '', 'type'),
);
const leaf = fc.constantFrom<unknown>(true, false, null, 1, 1.5, 'x', ['x'], { a: true });
const filterValue = fc.oneof(
  fc.array(fc.oneof({ weight: 4, arbitrary: filterString }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 1, 1.5, true, ['x']) }), {
    maxLength: 3,
  }),
  fc.dictionary(
    fc.constantFrom('type', 'id', 'label', 'until'),
    fc.oneof({ weight: 3, arbitrary: fc.dictionary(fc.constantFrom('a', 'b', '24h'), leaf, { maxKeys: 2 }) }, leaf),
    {
      maxKeys: 2,
    },
  ),
  fc.constantFrom<unknown>('type=x', 3, true, null),
);
/** Sizes as go-units reads them, and not: the daemon parses a rule's when it starts BuildKit. */
const size = fc.oneof({ weight: 3, arbitrary: fc.constantFrom<unknown>('1GB', '512m', '') }, fc.constantFrom<unknown>('x', '1q', '1.5.5', 1));
/** A struct's fields in shuffled order, each key as given or in another case (Go's decoder matches either). */
const shuffledFields = (fields: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .shuffledSubarray(Object.entries(fields), { minLength: Object.keys(fields).length })
    .chain((entries) =>
      fc
        .tuple(
          ...entries.map(([key, value]) =>
            fc.constantFrom(key, key, key[0]!.toUpperCase() + key.slice(1), key.toUpperCase()).map((named) => [named, value] as const),
          ),
        )
        .map(Object.fromEntries),
    );
const rule = fc
  .record(
    { filter: filterValue, all: fc.constantFrom<unknown>(true, 'x'), keepStorage: size, reservedSpace: size, maxUsedSpace: size, minFreeSpace: size },
    { requiredKeys: ['filter'] },
  )
  .chain(shuffledFields);
const builder = fc
  .record(
    {
      enabled: fc.constantFrom<unknown>(true, true, false, 'x'),
      policy: fc.oneof({ weight: 4, arbitrary: fc.array(rule, { minLength: 1, maxLength: 2 }) }, fc.constant(null)),
      defaultKeepStorage: size,
      defaultMaxUsedSpace: size,
    },
    { requiredKeys: ['policy'] },
  )
  .chain(shuffledFields);
/** A key of the wrong type beside the builder's now and then. */
const mistypedSibling = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  fc.constantFrom<Record<string, unknown>>({ debug: 'x' }, { 'default-address-pools': [{ base: 1 }] }),
);
const mixed = fc
  .tuple(
    builder.map((gc) => ({ builder: { gc } })),
    mistypedSibling,
    fc.boolean(),
  )
  .map(([file, sibling, siblingFirst]) => (siblingFirst ? { ...sibling, ...file } : { ...file, ...sibling }));
/** Every value of its Go type, so that the file decodes and BuildKit's own reading decides: sizes and filters that it takes and that it refuses. */
const textSize = fc.constantFrom('1GB', '512m', '', '', 'x', '1q');
const welltypedRule = fc
  .record(
    {
      filter: fc.array(
        filterString.filter((text) => text.includes('=')),
        { maxLength: 2 },
      ),
      all: fc.boolean(),
      keepStorage: textSize,
      reservedSpace: textSize,
    },
    { requiredKeys: [] },
  )
  .chain(shuffledFields);
const welltyped = fc
  .record({ enabled: fc.boolean(), policy: fc.array(welltypedRule, { minLength: 1, maxLength: 2 }), defaultKeepStorage: textSize }, { requiredKeys: [] })
  .chain(shuffledFields)
  .map((gc) => ({ builder: { gc } }));
const documents = fc.oneof({ weight: 2, arbitrary: mixed }, { weight: 1, arbitrary: welltyped });

/** A filter with a string that names no value: 20.10 splits it with SplitN and takes the second part. */
const NAME_ALONE = { builder: { gc: { policy: [{ filter: ['type'] }] } } };

/** How long a reload may take to end the daemon, or to be over. */
const RELOAD_WAIT_MS = 3_000;

/** Starts `target` with an empty file, reloads with NAME_ALONE, and tells whether it still answers afterwards. */
async function answersAfterReload(target: Target): Promise<boolean> {
  const outcome = await target.start({ config: {} });
  if (!outcome.ok) throw new Error(`${target.spec} did not start: ${outcome.output.slice(-500)}`);
  const { instance } = outcome;
  const client = new HttpClient(instance.endpoint);
  try {
    await instance.writeConfig(NAME_ALONE);
    const mark = instance.logMark();
    await instance.reload();
    const deadline = Date.now() + RELOAD_WAIT_MS;
    // The end of a reload: the panic, or the line that says it is over (a moment more for the process to go).
    while (Date.now() < deadline && !/panic:|Reloaded configuration/.test(instance.logSince(mark))) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      return (await client.request('GET', '/_ping', { timeoutMs: 2_000 })).status === 200;
    } catch {
      return false;
    }
  } finally {
    client.close();
    await instance.stop();
  }
}

/** Starts `target` with NAME_ALONE as its file: 'serves', or the exit status and the first line it printed. */
async function startExit(target: Target): Promise<string | readonly [number | null, string]> {
  const outcome = await target.start({ config: NAME_ALONE });
  if (outcome.ok) {
    await outcome.instance.stop();
    return 'serves';
  }
  return [outcome.exitCode, outcome.output.split('\n').find((line) => line !== '' && !line.startsWith('time=')) ?? ''];
}

for (const daemon of observedDaemons("a builder rule's filter")) {
  t.test(`a builder rule's filter: ctrd-sim --emulate ${daemon.release} and dockerd ${daemon.release} start alike`, async (t) => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(documents, async (file) => {
        const real = await startsAlike(daemon, file);
        outcomes.add(real[0] === 'started' ? 'started' : /panic/.test(real[1]) ? 'panic' : 'refused');
      }),
      { numRuns: 60, ...replayParameters() },
    );
    t.ok(outcomes.has('refused'), `some documents were refused, so their words were compared (${[...outcomes].join(', ')})`);
    t.ok(outcomes.has('started'), `some documents started the daemon, so what passes was compared too (${[...outcomes].join(', ')})`);
  });

  t.test(`a start with a filter "name" without "=": ctrd-sim --emulate ${daemon.release} serves or exits as dockerd ${daemon.release}`, async (t) => {
    const profile = profileFor('docker')!;
    const [real, sim] = await Promise.all([
      startExit(resolveTarget(`daemon:${daemon.path}`, { profile })),
      startExit(resolveTarget('sim-process', { profile, emulate: daemon.release })),
    ]);
    t.same(sim, real, `dockerd ${daemon.release}: ${JSON.stringify(real)}; ctrd-sim: ${JSON.stringify(sim)}`);
  });

  t.test(`a reload of a filter "name" without "=": ctrd-sim --emulate ${daemon.release} goes on or ends as dockerd ${daemon.release}`, async (t) => {
    const profile = profileFor('docker')!;
    const real = await answersAfterReload(resolveTarget(`daemon:${daemon.path}`, { profile }));
    const sim = await answersAfterReload(resolveTarget('sim-process', { profile, emulate: daemon.release }));
    t.equal(sim, real, `dockerd ${daemon.release} ${real ? 'goes on' : 'ends'}; ctrd-sim ${sim ? 'goes on' : 'ends'}`);
  });
}
