import fc from 'fast-check';
import t from 'tap';
import { withPlaceholders } from './helpers/real-versus-sim.js';

/**
 * withPlaceholders names each side's IDs in a message by their placeholders, so that the real
 * daemon's message and ctrd-sim's compare. A wrong naming is a false disagreement (CI failed once
 * on `{ctc-created:4}` whose `4` was then taken for `{none:1}`).
 */

const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 12 });

t.test('each value standing as a word is named by its placeholder, and nothing inside a placeholder put in', async (t) => {
  fc.assert(
    fc.property(fc.uniqueArray(hex, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (values, picks) => {
      const placeholders = Object.fromEntries(values.map((value, i) => [`{v${i}:${value.length}}`, value]));
      const chosen = picks.map((pick) => pick % values.length);
      const text = `No such container: ${chosen.map((i) => values[i]).join(' ')}`;
      const expected = `No such container: ${chosen.map((i) => `{v${i}:${values[i]!.length}}`).join(' ')}`;
      const named = withPlaceholders(text, placeholders);
      if (named !== expected) throw new Error(`${JSON.stringify(text)} named ${JSON.stringify(named)}, not ${JSON.stringify(expected)}`);
    }),
  );
  t.pass('every generated message named as expected');
});

t.test('the counterexample CI met: a one-character value is not found in the placeholder of a longer one', async () => {
  t.equal(withPlaceholders('No such container: 4b1c', { '{ctc-created:4}': '4b1c', '{none:1}': '4' }), 'No such container: {ctc-created:4}');
  t.equal(withPlaceholders('No such container: 4b1c', { '{none:1}': '4', '{ctc-created:4}': '4b1c' }), 'No such container: {ctc-created:4}');
});

t.test('a value inside a longer word is left alone; an empty value names nothing', async () => {
  t.equal(withPlaceholders('image 4b1cd and 4', { '{a:4}': '4b1c', '{b:1}': '4' }), 'image 4b1cd and {b:1}');
  t.equal(withPlaceholders('no such image: x', { '{e}': '' }), 'no such image: x');
});
