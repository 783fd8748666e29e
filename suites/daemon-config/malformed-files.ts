import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { documentOf, settingsArb, settingsOf } from './arbitraries/settings.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';
import { notExercisedFor } from '../harness/incidental.js';

/**
 * The forms of a configuration file that is not JSON text of an object, each one a place where
 * JSON parsers differ (rule config.file.json): what a release could take while it looks right.
 */
export const MALFORMED_FORMS = [
  'syntax',
  'not-an-object',
  'trailing-data',
  'two-documents',
  'bom',
  'utf16le-bom',
  'utf16be-bom',
  'utf16le',
  'invalid-utf8',
  'empty',
  'whitespace',
] as const;
export type MalformedForm = (typeof MALFORMED_FORMS)[number];

/** Forms the other reading lets a release take (RFC 8259 8.1 lets a parser ignore a BOM; RFC 7159 allowed UTF-16; a blank file may hold no options). */
const OTHER_READING_MAY_TAKE: ReadonlySet<MalformedForm> = new Set(['bom', 'utf16le-bom', 'utf16be-bom', 'empty', 'whitespace']);

export interface MalformedCase {
  readonly form: MalformedForm;
  /** A valid document the malformed bytes are built around. */
  readonly doc: Record<string, unknown>;
  /** Which variant of the form (the text of a syntax error, the trailing data, the blank text). */
  readonly variant: number;
}

const SYNTAX: readonly ((text: string) => string)[] = [
  (text) => text.slice(0, Math.max(1, text.length - 1)),
  (text) => `${text.slice(0, -1)},}`,
  (text) => text.replace(/"([^"]+)":/g, '$1:'),
  (text) => text.replace(/"/g, "'"),
  () => '{"debug": tru',
  () => '{debug}',
  () => '# comment\n{}',
];
const NOT_OBJECTS = ['true', '0', '"x"', '[]', '[{}]', '1.5'];
const TRAILING = [' x', '}', ' {', ' 1', '\n]', ' null', ',', ' //'];
const BLANK = [' ', '\n', '\t \r\n', '\n\n\n'];

const utf16be = (text: string): Buffer => {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
};

/** The bytes of a case's file. */
export function malformedBytes(c: MalformedCase): Buffer {
  const text = JSON.stringify(c.doc);
  const pick = <T>(list: readonly T[]): T => list[c.variant % list.length]!;
  switch (c.form) {
    case 'syntax':
      return Buffer.from(pick(SYNTAX)(text));
    case 'not-an-object':
      return Buffer.from(pick(NOT_OBJECTS));
    case 'trailing-data':
      return Buffer.from(`${text}${pick(TRAILING)}`);
    case 'two-documents':
      return Buffer.from(`${text}${c.variant % 2 === 0 ? '' : '\n'}${text}`);
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    case 'utf16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'utf16be-bom':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]);
    case 'utf16le':
      return Buffer.from(text, 'utf16le');
    case 'invalid-utf8': {
      // A string value holding bytes that are no UTF-8: a lone continuation byte, or 0xff 0xfe.
      const bad = c.variant % 2 === 0 ? Buffer.from([0xff, 0xfe]) : Buffer.from([0x80]);
      return Buffer.concat([Buffer.from('{"labels":["ctc-k=v'), bad, Buffer.from('"]}')]);
    }
    case 'empty':
      return Buffer.alloc(0);
    case 'whitespace':
      return Buffer.from(pick(BLANK));
  }
}

const malformedCase = (doc: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<MalformedCase> =>
  fc.record({ form: fc.constantFrom(...MALFORMED_FORMS), doc, variant: fc.nat({ max: 63 }) });

export const jsonCheck: RuleCheck = {
  rule: 'config.file.json',
  documentedItems: () => MALFORMED_FORMS.map((form) => `malformed:${form}`),
  run(ctx, _api, options) {
    // Documented keys: a case refused for a key the release lacks, not for the form of the file, proves nothing.
    const doc = settingsArb(settingsOf(ctx, 'file'), ctx.profile.name, 3).map(documentOf);
    const other = options.reading === 'other';
    // Every form once, first, whatever --num-starts says: one of them left out is one a release could take unseen.
    const everyForm: MalformedCase[] = MALFORMED_FORMS.map((form, i) => ({ form, doc: { debug: true, labels: [`ctc-form=${i}`] }, variant: i }));
    return checkProperty(
      malformedCase(doc),
      async (c) => {
        options.coverage?.hit(`malformed:${c.form}`);
        const dir = mkdtempSync(join(tmpdir(), 'ctc-json-'));
        try {
          const path = join(dir, 'daemon.json');
          writeFileSync(path, malformedBytes(c));
          const request = { args: ['--config-file', path] };
          const what = `a configuration file that is not JSON text of an object (${c.form}: ${JSON.stringify(malformedBytes(c).toString('latin1').slice(0, 80))})`;
          if (other && OTHER_READING_MAY_TAKE.has(c.form)) {
            // The other reading: taken or refused naming the file; never a start that hangs.
            const outcome = await startWith(ctx, request, async () => undefined);
            if (!outcome.served && (outcome.exitCode === null || outcome.exitCode === 0 || !outcome.output.includes(path))) {
              throw new Violation(
                `${what}: neither served nor refused naming the file (exit ${String(outcome.exitCode)}; ${describe(request)}); output: ${excerpt(outcome.output)}`,
              );
            }
            return;
          }
          notExercisedFor(await expectRefused(ctx, request, [path], what));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      { ...options, numRuns: Math.max(ctx.numStarts, everyForm.length) },
      other
        ? 'files that are not JSON are refused naming the file; a BOM, UTF-16 with a BOM and blank files are taken or refused'
        : 'files that are not JSON text of an object (syntax, other values, trailing data, two documents, BOM, UTF-16, invalid UTF-8, blank) are refused naming the file',
      everyForm,
    );
  },
};
