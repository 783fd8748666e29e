import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import {
  countTokens,
  DeterministicEngine,
  EMBEDDING_DIMENSION,
  embeddingToBase64,
  FRAMING_TOKENS,
  MAX_PIECES,
  MIN_PIECES,
} from '../simulator/model-runner/engine/deterministic.js';
import type { ChatMessage, Generation, GenerationParams, GenerationResult } from '../simulator/model-runner/engine/engine.js';

const engine = new DeterministicEngine();
const RUNS = { numRuns: 500 };

/** The tokenizer's documented rule, written as the one regex it paraphrases. */
const REFERENCE_TOKEN = /\s*[\p{L}\p{N}]+|\s*[^\s\p{L}\p{N}]|\s+$/gu;
const referenceCount = (text: string): number => text.match(REFERENCE_TOKEN)?.length ?? 0;

/** Text with the cases a tokenizer trips on: non-ASCII letters and spaces, emoji, lone surrogates. */
const trickyText = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      '7',
      ' ',
      '  ',
      '\n',
      '\t',
      ',',
      '.',
      '!',
      'é',
      'ß',
      '漢',
      '٣',
      '\u00a0',
      '\u2028',
      '\ufeff',
      '😀',
      '\u0301',
      '\ud800',
      '\udc00',
      '-',
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), trickyText);

const model = fc.constantFrom('ai/smollm2', 'ai/llama3.2:1B-Q4_0', 'docker.io/ai/qwen2.5:latest');
const message: fc.Arbitrary<ChatMessage> = fc.record({ role: fc.constantFrom('system', 'user', 'assistant'), content: fc.oneof(fc.string(), fc.lorem()) });
const messages = fc.array(message, { minLength: 1, maxLength: 4 });
const stopString = fc.oneof(fc.constantFrom(' the', ',', '.', 'e', 'mo', 'The', ' '), fc.string({ minLength: 1, maxLength: 4 }));
const params: fc.Arbitrary<GenerationParams> = fc.record(
  {
    n: fc.integer({ min: 1, max: 4 }),
    maxTokens: fc.integer({ min: 1, max: 64 }),
    stop: fc.array(stopString, { maxLength: 4 }),
    seed: fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER)),
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
  },
  { requiredKeys: ['n'] },
);

/** Inside a property: throws (so fast-check shrinks and prints the seed) unless a and b are deeply equal. */
function same(a: unknown, b: unknown, what: string): void {
  if (!isDeepStrictEqual(a, b)) throw new Error(`${what}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
}

/** Every choice's own invariants: pieces make the text, count its tokens, respect cap and stop strings. */
function checkChoice(choice: Generation, p: GenerationParams): void {
  if (choice.text !== choice.pieces.join('')) throw new Error(`text ${JSON.stringify(choice.text)} is not its pieces joined`);
  if (choice.completionTokens !== choice.pieces.length) throw new Error(`${choice.completionTokens} tokens for ${choice.pieces.length} pieces`);
  if (choice.pieces.some((piece) => piece === '')) throw new Error('an empty piece');
  if (countTokens(choice.text) !== choice.completionTokens) throw new Error(`countTokens(text) ${countTokens(choice.text)} ≠ ${choice.completionTokens}`);
  if (p.maxTokens !== undefined && choice.completionTokens > p.maxTokens) throw new Error(`${choice.completionTokens} tokens over maxTokens ${p.maxTokens}`);
  if (choice.completionTokens > MAX_PIECES) throw new Error(`${choice.completionTokens} tokens over ${MAX_PIECES}`);
  for (const stop of p.stop ?? []) if (stop !== '' && choice.text.includes(stop)) throw new Error(`text contains the stop string ${JSON.stringify(stop)}`);
}

function checkResult(result: GenerationResult, p: GenerationParams): void {
  if (result.choices.length !== p.n) throw new Error(`${result.choices.length} choices for n ${p.n}`);
  for (const choice of result.choices) checkChoice(choice, p);
}

t.test('the engine names itself as the real service default and embeds in 64 dimensions', async (t) => {
  t.equal(engine.name, 'llama.cpp');
  t.equal(engine.embeddingDimension, 64);
  t.equal(EMBEDDING_DIMENSION, 64);
});

t.test('countTokens follows its documented rule', async (t) => {
  t.equal(countTokens(''), 0, 'the empty string has no tokens');
  t.equal(countTokens('Hello, world!'), 4, '"Hello" "," " world" "!"');
  t.equal(countTokens(' the model runs.'), 4);
  t.equal(countTokens('   '), 1, 'whitespace alone is one token');
  t.equal(countTokens('a  '), 2, 'trailing whitespace is a token of its own');
  t.equal(countTokens('😀😀'), 2, 'an emoji is one code point, one token');
  t.equal(countTokens('naïve café 42'), 3, 'letters and digits of any script make words');
  fc.assert(
    fc.property(anyText, (text) => countTokens(text) === referenceCount(text)),
    { numRuns: 3000 },
  );
  t.pass('countTokens agrees with the rule written as a regex');
});

const completesSurrogatePair = (a: string, b: string): boolean => /[\ud800-\udbff]$/.test(a) && /^[\udc00-\udfff]/.test(b);

t.test('a text only grows in tokens as it grows by whole code points', async (t) => {
  fc.assert(
    fc.property(anyText, anyText, (a, b) => {
      fc.pre(!completesSurrogatePair(a, b));
      return countTokens(a + b) >= countTokens(a);
    }),
    { numRuns: 3000 },
  );
  t.equal(countTokens('a\ud800'), 2, 'a lone high surrogate is a token of its own');
  t.equal(countTokens('a\ud800\udc00'), 1, 'completed, it is U+10000, a letter that joins the word: the one way a text shrinks in tokens');
});

t.test('chat and completion answers keep every invariant', async (t) => {
  fc.assert(
    fc.property(model, messages, params, (m, msgs, p) => {
      const result = engine.chat(m, msgs, p);
      checkResult(result, p);
      const expected = msgs.reduce((sum, msg) => sum + countTokens(msg.content) + FRAMING_TOKENS, 0);
      if (result.promptTokens !== expected || result.promptTokens < 1) throw new Error(`promptTokens ${result.promptTokens}, expected ${expected}`);
    }),
    RUNS,
  );
  fc.assert(
    fc.property(model, fc.oneof(fc.string(), fc.lorem()), params, (m, prompt, p) => {
      const result = engine.complete(m, prompt, p);
      checkResult(result, p);
      if (result.promptTokens !== countTokens(prompt)) throw new Error(`promptTokens ${result.promptTokens}, not countTokens(prompt) ${countTokens(prompt)}`);
    }),
    RUNS,
  );
  t.pass();
});

t.test('the same request gives the same answer; temperature changes nothing', async (t) => {
  fc.assert(
    fc.property(model, messages, params, fc.double({ min: 0, max: 2, noNaN: true }), (m, msgs, p, temperature) => {
      const first = engine.chat(m, msgs, p);
      same(engine.chat(m, structuredClone(msgs), { ...p }), first, 'the same chat twice');
      same(engine.chat(m, msgs, { ...p, temperature }), first, 'another temperature');
      const prompt = msgs.map((msg) => msg.content).join('\n');
      same(engine.complete(m, prompt, p), engine.complete(m, prompt, { ...p, temperature }), 'a completion at another temperature');
    }),
    RUNS,
  );
  t.pass();
});

t.test('without cap or stop, a choice has its intrinsic length and ends by itself', async (t) => {
  const lengths = new Set<number>();
  fc.assert(
    fc.property(model, messages, fc.integer(), (m, msgs, seed) => {
      const [choice] = engine.chat(m, msgs, { n: 1, seed }).choices;
      if (choice === undefined) throw new Error('no choice');
      checkChoice(choice, { n: 1 });
      lengths.add(choice.completionTokens);
      return choice.finishReason === 'stop' && choice.completionTokens >= MIN_PIECES && choice.completionTokens <= MAX_PIECES && choice.text.endsWith('.');
    }),
    { numRuns: 2000 },
  );
  t.ok(lengths.has(MIN_PIECES) && lengths.has(MAX_PIECES), `both bounds are reached (${Math.min(...lengths)}–${Math.max(...lengths)})`);
});

t.test('maxTokens cuts a prefix of the same text, with "length" only when it cut', async (t) => {
  fc.assert(
    fc.property(model, fc.lorem(), fc.integer(), fc.integer({ min: 1, max: 60 }), (m, prompt, seed, cap) => {
      const [free] = engine.complete(m, prompt, { n: 1, seed }).choices;
      const [capped] = engine.complete(m, prompt, { n: 1, seed, maxTokens: cap }).choices;
      if (free === undefined || capped === undefined) throw new Error('no choice');
      if (free.completionTokens <= cap) return same(capped, free, 'a cap that does not cut');
      same(
        capped,
        { pieces: free.pieces.slice(0, cap), text: free.pieces.slice(0, cap).join(''), finishReason: 'length', completionTokens: cap },
        'a cap that cuts',
      );
    }),
    RUNS,
  );
  const [one] = engine.complete('m', 'p', { n: 1, maxTokens: 0 }).choices;
  t.equal(one?.completionTokens, 1, 'maxTokens below 1 is taken as 1');
});

t.test('a stop string cut from the answer ends it just before its first occurrence', async (t) => {
  // As the conformance suite checks it (mr.generation.stop), with and without a cap cutting later.
  fc.assert(
    fc.property(model, messages, fc.integer(), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 8 }), (m, msgs, seed, at, length, extra) => {
      const [whole] = engine.chat(m, msgs, { n: 1, seed, maxTokens: 24 }).choices;
      if (whole === undefined) throw new Error('no choice');
      fc.pre(whole.text.length >= 2);
      const start = 1 + (at % (whole.text.length - 1));
      const stop = whole.text.slice(start, start + length);
      const expected = whole.text.slice(0, whole.text.indexOf(stop));
      for (const maxTokens of [undefined, 24 + extra]) {
        const p: GenerationParams = { n: 1, seed, stop: ['never there', stop], ...(maxTokens === undefined ? {} : { maxTokens }) };
        const [choice] = engine.chat(m, msgs, p).choices;
        if (choice === undefined) throw new Error('no choice');
        checkChoice(choice, p);
        if (choice.text !== expected) throw new Error(`stop ${JSON.stringify(stop)} gave ${JSON.stringify(choice.text)}, not ${JSON.stringify(expected)}`);
        if (choice.finishReason !== 'stop') throw new Error(`finishReason ${choice.finishReason}`);
      }
    }),
    RUNS,
  );
  const [first] = engine.complete('m', 'p', { n: 1, maxTokens: 8 }).choices;
  const [cut] = engine.complete('m', 'p', { n: 1, maxTokens: 8, stop: [first!.text.slice(0, 1)] }).choices;
  t.same(cut, { pieces: [], text: '', finishReason: 'stop', completionTokens: 0 }, 'a stop string at the start leaves nothing');
  const [ignored] = engine.complete('m', 'p', { n: 1, maxTokens: 8, stop: [''] }).choices;
  t.same(ignored, first, 'an empty stop string never matches');
});

t.test('choices differ by index, and choice i is the same whatever n', async (t) => {
  fc.assert(
    fc.property(model, fc.lorem(), fc.integer(), fc.integer({ min: 2, max: 6 }), (m, prompt, seed, n) => {
      const { choices } = engine.complete(m, prompt, { n, seed });
      if (new Set(choices.map((choice) => choice.text)).size !== n) throw new Error(`${n} choices, not all different`);
      same(engine.complete(m, prompt, { n: 1, seed }).choices[0], choices[0], 'choice 0 of n 1 and of n');
    }),
    { numRuns: 200 },
  );
  t.pass();
});

t.test('seeds, models, prompts and chat vs completion each change the text', async (t) => {
  const texts = (f: (i: number) => GenerationResult): number => new Set(Array.from({ length: 200 }, (_, i) => f(i).choices[0]?.text)).size;
  t.ok(texts((i) => engine.complete('m', 'p', { n: 1, seed: i })) >= 195, 'by seed');
  t.ok(texts((i) => engine.complete(`m${i}`, 'p', { n: 1 })) >= 195, 'by model');
  t.ok(texts((i) => engine.complete('m', `p${i}`, { n: 1 })) >= 195, 'by prompt');
  t.ok(texts((i) => engine.chat('m', [{ role: i % 2 === 0 ? 'user' : 'system', content: `p${i >> 1}` }], { n: 1 })) >= 195, 'by role');
  t.not(
    engine.chat('m', [{ role: 'user', content: 'p' }], { n: 1 }).choices[0]?.text,
    engine.complete('m', 'p', { n: 1 }).choices[0]?.text,
    'chat and completion hash apart',
  );
  t.same(engine.complete('m', 'p', { n: 1 }), engine.complete('m', 'p', { n: 1, seed: 0 }), 'no seed is seed 0');
});

/** The L2 norm, in doubles, of a float32 vector. */
const norm = (vector: Float32Array): number => Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));

t.test('embeddings: unit vectors of the asked dimension, one per input, the same for the same input', async (t) => {
  fc.assert(
    fc.property(
      model,
      fc.array(anyText, { minLength: 1, maxLength: 5 }),
      fc.option(fc.integer({ min: 1, max: 4096 }), { nil: undefined }),
      (m, inputs, dimensions) => {
        const result = engine.embed(m, inputs, dimensions);
        if (result.vectors.length !== inputs.length) throw new Error(`${result.vectors.length} vectors for ${inputs.length} inputs`);
        const tokens = inputs.reduce((sum, input) => sum + countTokens(input), 0);
        if (result.promptTokens !== tokens) throw new Error(`promptTokens ${result.promptTokens}, not ${tokens}`);
        for (const [i, vector] of result.vectors.entries()) {
          if (vector.length !== (dimensions ?? EMBEDDING_DIMENSION)) throw new Error(`length ${vector.length}`);
          if (Math.abs(norm(vector) - 1) > 1e-5) throw new Error(`norm ${norm(vector)}`);
          same(engine.embed(m, [inputs[i]!], dimensions).vectors[0], vector, `input ${i} alone`);
        }
      },
    ),
    { numRuns: 200 },
  );
  t.pass();
});

t.test('embeddings: different inputs or models give different vectors', async (t) => {
  fc.assert(
    fc.property(fc.uniqueArray(anyText, { minLength: 2, maxLength: 8 }), (inputs) => {
      const keys = new Set(engine.embed('m', inputs).vectors.map((vector) => embeddingToBase64(vector)));
      return keys.size === inputs.length;
    }),
    RUNS,
  );
  t.not(embeddingToBase64(engine.embed('a', ['x']).vectors[0]!), embeddingToBase64(engine.embed('b', ['x']).vectors[0]!), 'by model');
});

t.test('embeddings: a shorter vector is the start of a longer one, renormalised', async (t) => {
  fc.assert(
    fc.property(anyText, fc.integer({ min: 1, max: 512 }), fc.integer({ min: 0, max: 512 }), (input, short, more) => {
      const [a] = engine.embed('m', [input], short).vectors;
      const [b] = engine.embed('m', [input], short + more).vectors;
      const head = b!.subarray(0, short);
      const scale = 1 / norm(head);
      return a!.every((x, i) => Math.abs(x - head[i]! * scale) < 1e-6);
    }),
    RUNS,
  );
  t.equal(Math.abs(engine.embed('m', ['x'], 1).vectors[0]?.[0] ?? 0), 1, 'one dimension: ±1');
});

t.test('embeddingToBase64 is little-endian float32 that decodes to the same values', async (t) => {
  fc.assert(
    fc.property(fc.float32Array({ maxLength: 64 }), (vector) => {
      const bytes = Buffer.from(embeddingToBase64(vector), 'base64');
      if (bytes.length !== vector.length * 4) return false;
      return Array.from(vector).every((x, i) => Object.is(bytes.readFloatLE(i * 4), x));
    }),
    { numRuns: 1000 },
  );
  t.equal(embeddingToBase64(new Float32Array([1])), 'AACAPw==', '1.0f is 00 00 80 3f');
  t.equal(embeddingToBase64(new Float32Array(0)), '');
});

t.test('fast enough for 64 clients: a 48-piece answer in microseconds', async (t) => {
  const msgs: ChatMessage[] = [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Say something about the model runner.' },
  ];
  const calls = 20_000;
  const started = process.hrtime.bigint();
  let tokens = 0;
  for (let i = 0; i < calls; i++) tokens += engine.chat('ai/smollm2', msgs, { n: 1, seed: i }).choices[0]!.completionTokens;
  const perCall = Number(process.hrtime.bigint() - started) / 1000 / calls;
  t.comment(`${perCall.toFixed(2)} µs per chat call, ${(tokens / calls).toFixed(1)} tokens on average`);
  // Loose, so that a loaded CI machine does not fail it; a regression to milliseconds would.
  t.ok(perCall < 200, `${perCall.toFixed(2)} µs per call`);
});
