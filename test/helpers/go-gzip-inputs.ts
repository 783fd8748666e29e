import { Mulberry32 } from '../../simulator/model-runner/engine/prng.js';
import { tarball, type TarEntry } from '../../suites/deprecations/image-tarball.js';

/**
 * Deterministic inputs for the Go gzip checks (test/go-gzip.test.ts), described by small specs so
 * that a fixture stores the spec and the digest of Go's output, not the input. The fixture was
 * made by piping each input to a Go 1.26 program; these generators must never change, or the
 * fixture's digests stop matching (regenerate it then).
 */

export type InputSpec =
  | { readonly kind: 'bytes'; readonly hex: string }
  | { readonly kind: 'zeros'; readonly length: number }
  /** Incompressible: every block is stored. */
  | { readonly kind: 'random'; readonly seed: number; readonly length: number }
  /** Words and line breaks: short matches at every distance. */
  | { readonly kind: 'text'; readonly seed: number; readonly length: number }
  /** A random pattern of `period` bytes repeated: matches at exactly that distance, or none beyond the window. */
  | { readonly kind: 'repeat'; readonly seed: number; readonly period: number; readonly length: number }
  /** Runs of random bytes, zeros, text and copies of earlier bytes at distances up to 40000. */
  | { readonly kind: 'mixed'; readonly seed: number; readonly length: number }
  /**
   * Random bytes where 100 bytes at window position 65274 copy bytes from 32600: whether that match
   * is reachable depends on when Go's window slides, so on how the input is cut into writes.
   */
  | { readonly kind: 'window-edge'; readonly seed: number; readonly length: number }
  /** A tarball (suites' image-tarball.ts) of `files` files of text, mixed or random content up to `maxFile` bytes. */
  | { readonly kind: 'tar'; readonly seed: number; readonly files: number; readonly maxFile: number };

/** The largest input a spec may ask for. */
export const MAX_INPUT_BYTES = 32 * 1024 * 1024;

/** uint32 steps of the model runner's mulberry32 (its floats are k / 2^32, so this gives k back exactly). */
function prng(seed: number): () => number {
  const generator = new Mulberry32(seed);
  return () => generator.below(2 ** 32);
}

const randomBytes = (seed: number, length: number): Buffer => {
  const next = prng(seed);
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = next() & 0xff;
  return out;
};

const WORDS = (
  'the of and to in is that it for was on are as with his they at be this from have or by one had not but what all were when we there ' +
  'can an your which their said if do will each about how up out them then she many some so these would other into has more her two like ' +
  'container image layer daemon volume network socket digest manifest tarball snapshot overlay runtime registry'
).split(' ');

/** Words in `next`'s order, a line break after about one in twelve. */
function writeText(out: Buffer, from: number, to: number, next: () => number): void {
  for (let at = from; at < to; ) {
    const r = next();
    const word = `${WORDS[r % WORDS.length]!}${(r >>> 16) % 12 === 0 ? '\n' : ' '}`;
    at += out.write(word, at, Math.min(word.length, to - at), 'latin1');
  }
}

function textOf(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  writeText(out, 0, length, prng(seed));
  return out;
}

function mixed(seed: number, length: number): Buffer {
  const next = prng(seed);
  const out = Buffer.alloc(length);
  for (let at = 0; at < length; ) {
    const r = next();
    const run = Math.min(1 + ((r >>> 8) % 300), length - at);
    const kind = r & 3;
    if (kind === 0) for (let i = 0; i < run; i++) out[at + i] = next() & 0xff;
    else if (kind === 1) out.fill(0, at, at + run);
    else if (kind === 2) writeText(out, at, at + run, next);
    else {
      // A copy from up to 40000 bytes back, byte by byte so that it may overlap itself.
      const distance = Math.min(1 + (next() % 40000), at);
      for (let i = 0; i < run; i++) out[at + i] = distance === 0 ? 0 : out[at + i - distance]!;
    }
    at += run;
  }
  return out;
}

function repeat(seed: number, period: number, length: number): Buffer {
  const pattern = randomBytes(seed, period);
  const out = Buffer.alloc(length);
  for (let at = 0; at < length; at += period) pattern.copy(out, at, 0, Math.min(period, length - at));
  return out;
}

function windowEdge(seed: number, length: number): Buffer {
  const out = randomBytes(seed, length);
  out.copy(out, 65274, 32600, 32700);
  return out;
}

async function tarOf(seed: number, files: number, maxFile: number): Promise<Buffer> {
  const next = prng(seed);
  const entries: TarEntry[] = [{ type: 'directory', name: 'data' }];
  for (let i = 0; i < files; i++) {
    const size = next() % (maxFile + 1);
    const contentSeed = next();
    const kind = next() % 3;
    const content = kind === 0 ? textOf(contentSeed, size) : kind === 1 ? mixed(contentSeed, size) : randomBytes(contentSeed, size);
    entries.push({ type: 'file', name: `data/file-${i}`, content, mode: i % 2 === 0 ? 0o644 : 0o755 });
  }
  entries.push({ type: 'symlink', name: 'data/latest', target: `file-${files - 1}` });
  return tarball(entries);
}

/** The length a spec asks for, where it says (a tarball's is known once made). */
const askedLength = (spec: InputSpec): number => ('length' in spec ? spec.length : spec.kind === 'bytes' ? spec.hex.length / 2 : spec.files * spec.maxFile);

/** How each kind of spec is made. */
const GENERATORS: { readonly [K in InputSpec['kind']]: (spec: Extract<InputSpec, { kind: K }>) => Buffer | Promise<Buffer> } = {
  bytes: (spec) => Buffer.from(spec.hex, 'hex'),
  zeros: (spec) => Buffer.alloc(spec.length),
  random: (spec) => randomBytes(spec.seed, spec.length),
  text: (spec) => textOf(spec.seed, spec.length),
  repeat: (spec) => repeat(spec.seed, spec.period, spec.length),
  mixed: (spec) => mixed(spec.seed, spec.length),
  'window-edge': (spec) => windowEdge(spec.seed, spec.length),
  tar: (spec) => tarOf(spec.seed, spec.files, spec.maxFile),
};

/** The input `spec` describes; one larger than MAX_INPUT_BYTES is refused. */
export async function inputOf(spec: InputSpec): Promise<Buffer> {
  if (askedLength(spec) > MAX_INPUT_BYTES) throw new RangeError(`input spec asks for more than ${MAX_INPUT_BYTES} bytes: ${JSON.stringify(spec)}`);
  return (GENERATORS[spec.kind] as (spec: InputSpec) => Buffer | Promise<Buffer>)(spec);
}
