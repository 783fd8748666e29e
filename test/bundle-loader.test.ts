import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import t from 'tap';

/**
 * The two helpers of the bundled binaries' loader (scripts/cached-script.mjs): the script file's
 * ASCII form, which must mean what the bundle meant, and the binary's URL, which must be the one
 * node:url gives.
 */
interface CachedScript {
  asciiSource(name: string, source: string): string;
  fileUrlOf(file: string, toUrl: (path: string) => URL): string;
}
const loaderHelpers = (): Promise<CachedScript> => import(new URL('../../scripts/cached-script.mjs', import.meta.url).href) as Promise<CachedScript>;

const NON_ASCII = /[\u0080-\uffff]/;
// Letters and symbols beyond ASCII, astral ones included (their escape is a surrogate pair).
const wide = fc.constantFrom('é', 'ü', 'ß', '€', '\u00a0', '\ufffc', 'λ', '中', '😀', '\u2028');
const text = fc.array(fc.oneof(wide, fc.constantFrom('a', 'Z', '0', ' ', '-', '_')), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

t.test('fileUrlOf gives the URL node:url gives, for every absolute path', async (t) => {
  const { fileUrlOf } = await loaderHelpers();
  const segment = fc.oneof(
    fc.constantFrom('.', '..', 'dist', 'ctrd-sim.js', '.local', 'a b', 'x~y', 'c#d', 'e?f', '100%', 'back\\slash', 'new\nline', 'tab\t', 'é'),
    fc.stringMatching(/^[A-Za-z0-9._~ #%?-]{1,5}$/),
  );
  fc.assert(
    fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
      const path = `/${segments.join('/')}`;
      return fileUrlOf(path, pathToFileURL) === pathToFileURL(path).href;
    }),
    { numRuns: 2000 },
  );
  t.equal(
    fileUrlOf('/work/dist/simulator/bin/ctrd-sim.js', () => t.fail('a plain path needs no node:url') as never),
    'file:///work/dist/simulator/bin/ctrd-sim.js',
  );
});

t.test('asciiSource leaves ASCII as it is, and escapes the rest so that the script means the same', async (t) => {
  const { asciiSource } = await loaderHelpers();
  t.equal(asciiSource('x', '(function () { return "a" + /b/.source; })'), '(function () { return "a" + /b/.source; })');
  // A program of literals holding characters beyond ASCII: strings, regular expressions (matched
  // against each character drawn), a comment; and a name, in a property key.
  const program = fc.record({
    strings: fc.array(text, { maxLength: 3 }),
    // A line separator cannot stand in a regular expression literal, escaped or not.
    patterns: fc.array(
      text.filter((s) => !s.includes('\u2028')),
      { maxLength: 3 },
    ),
    comment: text,
    unicodeFlag: fc.boolean(),
  });
  fc.assert(
    fc.property(program, ({ strings, patterns, comment, unicodeFlag }) => {
      const flags = unicodeFlag ? 'u' : '';
      const probes = [...new Set([...strings, ...patterns].flatMap((s) => [...s]))];
      const source = `(function () { /* ${comment} */ const é = 1; return { strings: [${strings.map((s) => JSON.stringify(s)).join(', ')}], matches: [${patterns
        .map((p) => `/${p.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}/${flags}`)
        .map((re) => `${JSON.stringify(probes)}.map((probe) => ${re}.test(probe))`)
        .join(', ')}], name: é }; })`;
      const ascii = asciiSource('test', source);
      if (NON_ASCII.test(ascii)) return false;
      const run = (code: string): unknown => (runInNewContext(code) as () => unknown)();
      return JSON.stringify(run(ascii)) === JSON.stringify(run(source));
    }),
    { numRuns: 500 },
  );
});

t.test("asciiSource refuses a template literal's own characters beyond ASCII: their escape would change its raw text", async (t) => {
  const { asciiSource } = await loaderHelpers();
  t.throws(() => asciiSource('test', '(function () { return String.raw`é`; })'), /template literal/);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the script's own template, as text
  t.doesNotThrow(() => asciiSource('test', '(function () { return `a${"é"}b`; })'));
});
