import fc from 'fast-check';
import t from 'tap';

/**
 * scripts/tap-failures.mjs names the failed tests at the end of `npm test`, the part of a run CI
 * keeps. Property: for any tree of subtests and assertions rendered as tap renders it, it names
 * exactly the failed assertions (the deepest failures), each with its path of subtest names.
 */
interface Failure {
  readonly path: string[];
  readonly name: string;
  readonly diagnostics: string[];
}
interface TapFailures {
  tapFailures(text: string): Failure[];
  describeFailures(failures: Failure[], options?: { maxLines?: number; width?: number }): string[];
}
const { tapFailures, describeFailures } = (await import(new URL('../../scripts/tap-failures.mjs', import.meta.url).href)) as TapFailures;

type Node =
  | { readonly kind: 'assert'; readonly name: string; readonly ok: boolean }
  | { readonly kind: 'subtest'; readonly name: string; readonly children: Node[] };

const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,:()@/>-]{0,30}[A-Za-z0-9)]$/);
const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('assert' as const), name, ok: fc.boolean() }),
    fc.record({ kind: fc.constant('subtest' as const), name, children: fc.array(tie('node'), { minLength: 1, maxLength: 4 }) }),
  ),
}));

const failed = (n: Node): boolean => (n.kind === 'assert' ? !n.ok : n.children.some(failed));

/** The node's lines as tap 18 prints them, at `indent` spaces; its result line's number is `index`. */
function render(n: Node, index: number, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const status = failed(n) ? 'not ok' : 'ok';
  if (n.kind === 'assert') {
    const diag = n.ok ? [] : [`${pad}  ---`, `${pad}  found: 1`, `${pad}  wanted: 2`, `${pad}  at:`, `${pad}    lineNumber: 7`, `${pad}  ...`, ''];
    return [`${pad}${status} ${index} - ${n.name}`, ...diag];
  }
  const inner = n.children.flatMap((child, k) => render(child, k + 1, indent + 4));
  return [`${pad}# Subtest: ${n.name}`, ...inner, `${pad}    1..${n.children.length}`, `${pad}${status} ${index} - ${n.name} # time=1.5ms`, ''];
}

/** The failed assertions, each with the names of the subtests around it. */
function failedAsserts(n: Node, path: string[]): { path: string[]; name: string }[] {
  if (n.kind === 'assert') return n.ok ? [] : [{ path, name: n.name }];
  return n.children.flatMap((child) => failedAsserts(child, [...path, n.name]));
}

t.test('the failed assertions of any tap tree, each with its path', async (t) => {
  await fc.assert(
    fc.property(fc.array(node, { minLength: 1, maxLength: 4 }), (files) => {
      const text = ['TAP version 14', `1..${files.length}`, ...files.flatMap((file, k) => render(file, k + 1, 0)), '# { total: 1, pass: 1 }'].join('\n');
      const named = tapFailures(text).map(({ path, name }) => ({ path, name }));
      const wanted = files.flatMap((file) => failedAsserts(file, []));
      // A failed assertion at the top level has no subtest around it.
      t.same(named, wanted);
    }),
    { numRuns: 300, seed: Number(process.env['FC_SEED'] ?? 20261127) },
  );
});

t.test('the description is bounded and names each failure with what was found and wanted', async (t) => {
  const text = [
    '# Subtest: dist/test/a.test.js',
    '    # Subtest: a group',
    '        not ok 1 - the sum',
    '          ---',
    '          found: 1',
    '          wanted: 2',
    '          ...',
    '        1..1',
    '    not ok 1 - a group',
    'not ok 1 - dist/test/a.test.js',
  ].join('\n');
  const lines = describeFailures(tapFailures(text));
  t.same(lines, ['not ok: dist/test/a.test.js › a group › the sum', '    found: 1', '    wanted: 2']);
  const many = Array.from({ length: 200 }, (_, k) => ({ path: ['f'], name: `case ${k} ${'x'.repeat(1000)}`, diagnostics: [] }));
  const bounded = describeFailures(many, { maxLines: 10, width: 80 });
  t.equal(bounded.length, 11, 'at most maxLines lines and one that says how many there were');
  t.ok(bounded.every((line) => line.length <= 80));
  t.match(bounded.at(-1), /200 failures in all; the first 10 are above/);
});
