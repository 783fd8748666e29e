import fc from 'fast-check';
import t from 'tap';
import { containerdFilterError } from '../simulator/engine/build/containerd-filters.js';

/**
 * simulator/engine/build/containerd-filters.ts without a daemon: texts of the grammar's shapes
 * parse, and any bytes at all give a parse error or none, never an exception (the comparison with
 * the real releases, test/sim-build-prune.test.ts, can only send valid UTF-8).
 */

const parse = (text: string): string | null => containerdFilterError(Buffer.from(text, 'utf8'));

t.test('texts of the grammar parse', async (t) => {
  for (const text of ['name', 'name==foo,labels.bar', 'labels."with.dot"==x', 'id~=/a|b/', 'id~=|a/b|', 'a!=b', 'a== b', '"q"==v', 'a=="\\u00e9\\x41\\101"'])
    t.equal(parse(text), null, text);
});

t.test('a text outside the grammar is refused where the parser stops', async (t) => {
  t.equal(parse('a==b c'), 'filters: parse error: [a==b >| |< c]: unexpected input:  ');
  t.equal(parse('a==/b/'), 'filters: parse error: [a== >|/|< b/]: invalid quote encountered');
  t.equal(parse('a=="b\u0000"'), 'filters: parse error: [a== >|"|< b\u0000"]: unexpected null');
  t.equal(parse('a,é'), 'filters: parse error: [a, >|\ufffd|< \ufffd]: expected field or quoted');
});

t.test('any bytes give a parse error or none', async (t) => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
      const error = containerdFilterError(Buffer.from(bytes));
      if (error !== null && !error.startsWith('filters: parse error: [')) throw new Error(error);
    }),
    { numRuns: 2000 },
  );
  t.pass('no exception');
});
