import fc from 'fast-check';
import t from 'tap';
import { goJsonFirstValue, goJsonSyntaxError, quoteChar } from '../simulator/engine/go-json.js';
import { booleanFilter, filterValues, parseFilterArgs } from '../simulator/engine/filters/filter-args.js';
import { goFields } from '../simulator/engine/go-fields.js';

/**
 * The simulator's copy of Go's encoding/json scanner (simulator/engine/go-json.ts), the `filters`
 * reading built on it and Go's field matching. The words were checked against 20.10.24, 26.1.5
 * and 28.5.2 (2026-11-27: generated create bodies, filters and load archives sent to each real
 * release and to ctrd-sim agreed); the properties here hold the scanner to the JSON grammar.
 */

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const SPACE = fc.constantFrom('', ' ', '\n', '\t ', '\r\n');
/** Text over JSON's own characters, where most strings are almost JSON. */
const jsonish = fc.string({ unit: fc.constantFrom(...'{}[]":,tfnrulse0123456789.-+eE \\/abx'.split('')), maxLength: 24 });

t.test('a JSON text is one value; anything JSON.parse refuses is a syntax error', async () => {
  fc.assert(fc.property(fc.json(), SPACE, SPACE, (json, before, after) => goJsonSyntaxError(bytes(`${before}${json}${after}`)) === null));
  fc.assert(
    fc.property(jsonish, (text) => {
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      return (goJsonSyntaxError(bytes(text)) === null) === parses;
    }),
    { numRuns: 2000 },
  );
});

t.test("Go's words for where a text goes wrong (observed on the releases)", async (t) => {
  const words: readonly (readonly [string, string])[] = [
    ['bad', "invalid character 'b' looking for beginning of value"],
    ['tru', "invalid character ' ' in literal true (expecting 'e')"],
    ['{"Image" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b"', "invalid character '\"' after object key:value pair"],
    ['[1 2]', "invalid character '2' after array element"],
    ['{} {}', "invalid character '{' after top-level value"],
    ['{"a', 'unexpected end of JSON input'],
    ['-', "invalid character ' ' in numeric literal"],
    ['1.', "invalid character ' ' after decimal point in numeric literal"],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['{,}', "invalid character ',' looking for beginning of object key string"],
  ];
  for (const [text, message] of words) t.equal(goJsonSyntaxError(bytes(text)), message, text);
  t.equal(quoteChar(0x27), "'\\''");
  t.equal(quoteChar(0x0a), "'\\n'");
  t.equal(quoteChar(0x01), "'\\x01'");
  t.equal(quoteChar(0x85), "'\\u0085'");
  t.equal(quoteChar(0xe9), "'é'");
});

t.test("the decoder reads the first value only: its end, and a value cut short is Go's unexpected EOF", async () => {
  const container = fc.json().filter((json) => json.startsWith('{') || json.startsWith('['));
  fc.assert(
    fc.property(container, SPACE, jsonish, (json, before, rest) => {
      const outcome = goJsonFirstValue(bytes(`${before}${json}${rest}`));
      return 'end' in outcome && outcome.end === Buffer.byteLength(before + json);
    }),
  );
  fc.assert(
    fc.property(
      container.filter((json) => json.length > 2),
      fc.nat(),
      (json, at) => {
        const cut = json.slice(0, 1 + (at % (json.length - 1)));
        const outcome = goJsonFirstValue(bytes(cut));
        return 'cut' in outcome;
      },
    ),
  );
});

t.test('filters: 20.10 passes the decoding error on (500), later releases say "invalid filter" (400)', async () => {
  const refusedText = jsonish.filter((text) => text !== '' && goJsonSyntaxError(bytes(text)) !== null);
  fc.assert(
    fc.property(refusedText, (text) => {
      const old = parseFilterArgs(text, true);
      const recent = parseFilterArgs(text, false);
      return (
        'refusal' in old &&
        old.refusal.status === 500 &&
        old.refusal.message === goJsonSyntaxError(bytes(text)) &&
        'refusal' in recent &&
        recent.refusal.status === 400 &&
        recent.refusal.message === 'invalid filter'
      );
    }),
  );
  // Both forms give the same arguments; a value of another type is Go's type error.
  const values = fc.uniqueArray(fc.constantFrom('true', 'false', '1', '0', 'x', ''), { maxLength: 4 });
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom('dangling', 'reference', 'label'), values), (doc) => {
      const legacy = parseFilterArgs(JSON.stringify(doc), false);
      const current = parseFilterArgs(
        JSON.stringify(Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, Object.fromEntries(v.map((m) => [m, true]))]))),
        false,
      );
      return (
        'args' in legacy && 'args' in current && Object.keys(doc).every((k) => filterValues(legacy.args, k).join() === filterValues(current.args, k).join())
      );
    }),
  );
  const typed = parseFilterArgs('{"x":1}', true);
  t.same(typed, { refusal: { status: 500, message: 'json: cannot unmarshal number into Go value of type map[string]bool' } });
  t.same(parseFilterArgs('[]', true), { refusal: { status: 500, message: 'json: cannot unmarshal array into Go value of type map[string]map[string]bool' } });
  t.same(parseFilterArgs('{"a":{"b":1}}', true), { refusal: { status: 500, message: 'json: cannot unmarshal number into Go value of type bool' } });
  t.same(parseFilterArgs('null', false), { args: new Map() });
});

t.test('dangling as each release reads it (observed values)', async (t) => {
  const args = (text: string) => {
    const parsed = parseFilterArgs(text, false);
    if (!('args' in parsed)) throw new Error(text);
    return parsed.args;
  };
  t.equal(booleanFilter(args('{"dangling":["true"]}'), 'dangling', true), true);
  t.same(booleanFilter(args('{"dangling":["1"]}'), 'dangling', true), { refused: "Invalid filter 'dangling=[1]'" });
  t.equal(booleanFilter(args('{"dangling":["1"]}'), 'dangling', false), true);
  t.equal(booleanFilter(args('{"dangling":[]}'), 'dangling', true), true);
  t.same(booleanFilter(args('{"dangling":[]}'), 'dangling', false), { refused: "invalid filter 'dangling'" });
  t.same(booleanFilter(args('{"dangling":{"true":false}}'), 'dangling', false), { refused: "invalid filter 'dangling=[true]'" });
  t.equal(booleanFilter(args('{"dangling":["true","x"]}'), 'dangling', false), true);
  t.equal(booleanFilter(args('{}'), 'dangling', false), undefined);
  // From 23.0 a truthy and a falsy value together are refused, whatever else is set.
  fc.assert(
    fc.property(fc.constantFrom('1', 'true'), fc.constantFrom('0', 'false'), (yes, no) => {
      const refused = booleanFilter(args(JSON.stringify({ dangling: [yes, no] })), 'dangling', false);
      return typeof refused === 'object' && refused.refused.startsWith("invalid filter 'dangling=[");
    }),
  );
});

t.test("Go's field matching: the exact name, else any case; the last spelling wins; other keys are dropped", async () => {
  const fields = ['Image', 'Cmd', 'HostConfig'];
  const casing = (name: string) =>
    fc
      .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
      .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
  fc.assert(
    fc.property(
      fc.constantFrom(...fields).chain((field) => fc.tuple(fc.constant(field), casing(field))),
      fc.string(),
      ([field, spelled], value) => {
        const out = goFields({ [spelled]: value, Unrelated: 1 }, fields);
        return out[field] === value && Object.keys(out).length === 1;
      },
    ),
  );
  fc.assert(fc.property(fc.string(), fc.string(), (a, b) => goFields({ image: a, IMAGE: b }, fields)['Image'] === b));
});
