import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import { ModelStore, parseModelReference, recordFor } from '../simulator/model-runner/store/index.js';

/**
 * The model store's crash test. A child process (helpers/store-writer.ts) creates and deletes
 * models in one directory as fast as it can and acknowledges each operation on stdout once it
 * returned; the test SIGKILLs it 0–30 ms after its first acknowledgement, so that kills land in
 * the middle of writes, and then reopens the store itself. After every kill: the store opens,
 * holds every acknowledged write, and differs from them at most by the one operation in flight;
 * no temporary file survives the open. The next child continues on the same directory.
 */

const KILLS = Number(process.env['CTC_STORE_KILLS'] ?? 200);
const SEED = Number(process.env['CTC_STORE_KILL_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const MAX_DELAY_MS = 30;
/** Few references, so that creates and deletes of the same model follow each other closely. */
const REFERENCES = 12;
/** Compiled next to this file: dist/test/helpers/ (tap does not run that folder as tests). */
const WRITER = fileURLToPath(new URL('./helpers/store-writer.js', import.meta.url));

/** The references as written (mixed case, tags or not), one canonical form each. */
const component = fc.stringMatching(/^[a-z0-9]{1,5}(?:[._-][a-z0-9]{1,5}){0,2}$/);
const written = fc
  .record({
    namespace: fc.option(component, { nil: undefined }),
    name: component,
    tag: fc.option(fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,8}$/), { nil: undefined }),
    upper: fc.boolean(),
  })
  .map(
    ({ namespace, name, tag, upper }) =>
      `${namespace === undefined ? '' : `${namespace}/`}${upper ? name.toUpperCase() : name}${tag === undefined ? '' : `:${tag}`}`,
  );

/** mulberry32, for the kill delays and the children's seeds. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Round {
  /** Complete lines the child printed: its acknowledged operations, in order. */
  readonly acks: readonly string[];
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  readonly stderr: string;
}

/** Runs one child on `dir` and SIGKILLs it `delayMs` after its first acknowledgement. */
function runChild(dir: string, seed: number, texts: readonly string[], delayMs: number): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dir, String(seed), ...texts], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    // A child that never acknowledges anything is stopped too (and then reported).
    const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (timer === undefined && out.includes('\n')) timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    // 'close', not 'exit': every line the child wrote before it died has been read by then.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(stuck);
      const lines = out.split('\n');
      lines.pop(); // a line cut by the kill (or the empty rest after the last newline) is no acknowledgement
      resolve({ acks: lines, signal, code, stderr });
    });
  });
}

const show = (set: ReadonlySet<string>): string => `[${[...set].sort().join(', ')}]`;

/** What the store must hold after `acks`, starting from `held`; a problem when the acks cannot follow from it. */
function afterAcks(held: ReadonlySet<string>, acks: readonly string[]): { expected: Set<string> } | { problem: string } {
  const expected = new Set(held);
  for (const ack of acks) {
    const match = /^(created|deleted) (\S+)$/.exec(ack);
    if (match === null) return { problem: `the child printed ${JSON.stringify(ack)}` };
    const [, op, canonical] = match as unknown as [string, 'created' | 'deleted', string];
    // The child creates what it sees absent and deletes what it sees present: it saw what we saw.
    if ((op === 'created') === expected.has(canonical))
      return { problem: `"${ack}" but the store ${expected.has(canonical) ? 'held' : 'did not hold'} it: the child opened another state` };
    if (op === 'created') expected.add(canonical);
    else expected.delete(canonical);
  }
  return { expected };
}

/** Everything the reopened store must satisfy; the problems found, or none. */
function checkReopened(dir: string, store: ModelStore, expected: ReadonlySet<string>): { held: Set<string>; problems: string[]; inFlightLanded: boolean } {
  const problems: string[] = [];
  const records = store.list();
  const held = new Set(records.map((record) => record.tags[0]!));
  const difference = new Set([...held].filter((c) => !expected.has(c)).concat([...expected].filter((c) => !held.has(c))));
  // The one operation in flight when the kill landed may or may not have happened; no other.
  if (difference.size > 1) problems.push(`the store holds ${show(held)}, the acknowledged writes say ${show(expected)}`);
  for (const record of records) {
    const model = recordFor(parseModelReference(record.tags[0]!), record.created);
    if (JSON.stringify(record) !== JSON.stringify(model)) problems.push(`the record ${JSON.stringify(record)} is not the one created`);
  }
  const files = readdirSync(dir).sort();
  const recordFiles = records.map((record) => `${record.id.slice('sha256:'.length)}.json`).sort();
  if (JSON.stringify(files) !== JSON.stringify(recordFiles))
    problems.push(`after open the directory holds ${files.join(', ')}; the records are ${recordFiles.join(', ')}`);
  return { held, problems, inFlightLanded: difference.size === 1 };
}

t.test(`SIGKILL mid-write loses no acknowledged write (${KILLS} kills, seed ${SEED})`, async (t) => {
  const dir = mkdtempSync('/tmp/ctc-store-kill-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const texts = fc.sample(fc.uniqueArray(written, { minLength: REFERENCES, maxLength: REFERENCES, selector: (text) => parseModelReference(text).canonical }), {
    seed: SEED,
    numRuns: 1,
  })[0]!;
  const random = generator(SEED);
  const started = performance.now();
  let held = new Set<string>();
  let kills = 0;
  let acknowledged = 0;
  let inFlightLanded = 0;
  let tempsLeft = 0;
  const problems: string[] = [];
  for (let round = 1; round <= KILLS && problems.length === 0; round++) {
    const childSeed = Math.floor(random() * 2 ** 31);
    const delayMs = Math.floor(random() * (MAX_DELAY_MS + 1));
    const result = await runChild(dir, childSeed, texts, delayMs);
    const where = `round ${round} (child seed ${childSeed}, killed ${delayMs} ms after its first line)`;
    if (result.signal !== 'SIGKILL' || result.acks.length === 0) {
      problems.push(`${where}: the child ended with ${result.signal ?? `code ${result.code}`} after ${result.acks.length} lines: ${result.stderr.slice(-500)}`);
      break;
    }
    kills++;
    acknowledged += result.acks.length;
    if (readdirSync(dir).some((file) => file.endsWith('.tmp'))) tempsLeft++;
    const after = afterAcks(held, result.acks);
    if ('problem' in after) {
      problems.push(`${where}: ${after.problem}`);
      break;
    }
    let store: ModelStore;
    try {
      store = ModelStore.open(dir);
    } catch (error) {
      problems.push(`${where}: the store does not open: ${(error as Error).message}`);
      break;
    }
    const checked = checkReopened(dir, store, after.expected);
    problems.push(...checked.problems.map((problem) => `${where}: ${problem}`));
    if (checked.inFlightLanded) inFlightLanded++;
    // The next child starts from what is on disk, the in-flight operation included if it landed.
    held = checked.held;
  }
  const seconds = (performance.now() - started) / 1000;
  t.same(problems, [], 'every reopen held every acknowledged write and no temporary file');
  t.equal(kills, KILLS, `${KILLS} children killed mid-run`);
  t.comment(
    `${kills} kills in ${seconds.toFixed(1)} s; ${acknowledged} acknowledged writes; ` +
      `${inFlightLanded} kills after an unacknowledged write landed; ${tempsLeft} kills left a temporary file (removed by open)`,
  );
});
