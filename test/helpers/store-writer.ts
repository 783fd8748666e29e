/**
 * The writer of the model store's crash test (model-runner-store-kill.test.ts), run as a child:
 * `node store-writer.js <dir> <seed> <reference>...`. It opens the store in `dir` and, until it
 * is killed, picks one of the references and creates it when absent or deletes it when present,
 * so that every operation writes. One line goes to stdout after each operation returned:
 * `created <canonical>` or `deleted <canonical>`: the acknowledgement the test holds it to.
 */
import { writeSync } from 'node:fs';
import { ModelStore, parseModelReference } from '../../simulator/model-runner/store/index.js';

/** It should be killed long before; this stops an orphan whose test died without killing it. */
const GIVE_UP_MS = 30_000;

/** mulberry32: a tiny seeded generator, so that a failing run can be replayed from its seed. */
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

/**
 * Synchronous, so that the line is in the pipe before the next operation starts; a full pipe
 * (the test reads slower than this writes) answers EAGAIN, and the line is retried, not lost.
 */
function acknowledge(line: string): void {
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  for (let done = 0; done < bytes.length; ) {
    try {
      done += writeSync(1, bytes, done, bytes.length - done);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

const [dir, seedText, ...texts] = process.argv.slice(2);
if (dir === undefined || seedText === undefined || texts.length === 0) {
  process.stderr.write('usage: store-writer <dir> <seed> <reference>...\n');
  process.exit(2);
}
const refs = texts.map(parseModelReference);
const random = generator(Number(seedText));
const store = ModelStore.open(dir);
const deadline = Date.now() + GIVE_UP_MS;
while (Date.now() < deadline) {
  const ref = refs[Math.floor(random() * refs.length)]!;
  if (store.get(ref) === undefined) {
    store.create(ref);
    acknowledge(`created ${ref.canonical}`);
  } else {
    store.delete(ref);
    acknowledge(`deleted ${ref.canonical}`);
  }
}
process.exit(3);
