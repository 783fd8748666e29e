import fc from 'fast-check';
import t from 'tap';
import { anySpellingOf, heldAs, spell, spelling, splitReference } from '../suites/model-runner/leased-references.js';
import { modelPath } from '../suites/model-runner/reference-arbitraries.js';
import { LEASABLE_REFERENCES } from '../suites/model-runner/registry-lease.js';
import { parseModelReference } from '../simulator/model-runner/store/index.js';

/** How the model-runner checks spell and find their leased registry references (suites/model-runner/leased-references.ts). */

const SEED = 20261127;
const registryReference = fc.constantFrom(...LEASABLE_REFERENCES);

t.test('a spelling of a registry reference canonicalises to it, and its path names it', (t) => {
  fc.assert(
    fc.property(registryReference, spelling, (reference, how) => {
      const spelled = spell(reference, how);
      t.equal(spelled.canonical, reference);
      t.equal(parseModelReference(spelled.text).canonical, reference, spelled.text);
      t.equal(parseModelReference(modelPath(spelled, 'unused')).canonical, reference);
      t.equal(spelled.tagged, !(how.omitLatest && reference.endsWith(':latest')));
      if (how.mask === 0 && spelled.tagged) t.equal(spelled.text, reference);
    }),
    { seed: SEED, numRuns: 200 },
  );
  t.end();
});

t.test('splitReference: repository and tag, latest when none', (t) => {
  t.same(splitReference('ai/smollm2:135M-Q4_K_M'), { repo: 'ai/smollm2', tag: '135M-Q4_K_M' });
  t.same(splitReference('ns/name'), { repo: 'ns/name', tag: 'latest' });
  t.end();
});

t.test('heldAs finds the references in any spelling, once per listing, and nothing else', (t) => {
  const records = [
    { id: 'a', tags: ['ai/smollm2:latest', 'ai/smollm2:135M-Q4_K_M', 'other/x:latest'] },
    { id: 'b', tags: ['AI/SmolLM2', 'ai/smollm2:135m-q4_k_m', 'ai/smollm3:latest'] },
  ];
  t.same(heldAs(records, ['ai/smollm2:latest', 'ai/smollm2:135M-Q4_K_M']), [
    'ai/smollm2:latest',
    'ai/smollm2:135M-Q4_K_M',
    'AI/SmolLM2',
    'ai/smollm2:135m-q4_k_m',
  ]);
  t.notOk(anySpellingOf(['ai/smollm2:latest'])('ai/smollm3:latest'));
  t.end();
});
