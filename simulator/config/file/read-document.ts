import type { BrandNames } from '../../../specs/brands.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import { SimError } from '../../errors.js';
import type { ConfigSources } from './sources.js';
import { jsonTypeWord } from './go-values.js';
import { goJsonUnmarshalScan } from '../../engine/go-json.js';
import { printsNewerWords, newerGoWords } from '../../engine/go-json-newer.js';
import type { MessageStyle } from './message-style.js';
import { readDocumentVariant } from './read-document-variant.js';

/** The configuration file as parsed: key → JSON value. */
export type FileDocument = Readonly<Record<string, unknown>>;

export interface ConfigDocument {
  /** The file that was read, or null when none exists at the default path. */
  readonly path: string | null;
  readonly doc: FileDocument;
}

/** Go's encoding/json refuses documents nested deeper than this. */
const MAX_DEPTH = 10_000;

/** `unable to configure the <Product> daemon with file <path>: <problem>` (every release). */
export const fileError = (names: BrandNames, path: string, problem: string): SimError =>
  new SimError('SIM_CONFIG', `unable to configure the ${names.product} daemon with file ${path}: ${problem}`);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads and parses the configuration file as the document says (rule config.file.json, its strict
 * reading): a missing default file is no file; the file must be JSON text of an object in UTF-8
 * (`null` is empty): a byte-order mark, UTF-16, invalid UTF-8, a blank file, trailing data and a
 * second document are refused. What the releases take beyond that is the observed quirk
 * observed.config.file.json (read-document-variant.ts). The messages are the
 * releases' own; 28.x prefixes decoder errors with "invalid JSON: ".
 */
export function readDocument(
  explicit: string | undefined,
  names: BrandNames,
  style: MessageStyle,
  sources: ConfigSources,
  release: string,
  faults: ReadonlySet<TestableRuleId> = new Set(),
  quirks: ReadonlySet<string> = new Set(),
): ConfigDocument {
  // Where this reading differs from the document's (read-document-variant.ts).
  const variant = readDocumentVariant({ faults, quirks });
  const path = explicit ?? names.configFile;
  const fail = (problem: string): SimError => fileError(names, path, problem);
  let bytes: Buffer | null;
  try {
    bytes = sources.readFileBytes !== undefined ? sources.readFileBytes(path) : bufferOf(sources.readFile(path));
  } catch (error) {
    if (variant.directoryReadsEmpty && error instanceof Error && error.message.includes('is a directory')) return { path, doc: {} };
    throw fail(error instanceof Error ? error.message : String(error));
  }
  if (bytes === null) {
    if (explicit !== undefined && !variant.missingExplicitSkipped) throw fail(`open ${path}: no such file or directory`);
    return { path: null, doc: {} };
  }
  const invalid = style === 'v28' ? 'invalid JSON: ' : '';
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if ((bom > 0 && !variant.bomDropped.includes(style)) || (utf16 && !variant.utf16WithBomDecoded.includes(style)))
    throw fail(`${invalid}invalid character '${bom > 0 ? 'ï' : 'ÿ'}' looking for beginning of value`);
  const body = utf16 ? decodeUtf16(bytes) : bytes.subarray(bom);
  let text: string;
  let validUtf8 = true;
  try {
    text = utf8.decode(body);
  } catch {
    validUtf8 = false;
    text = body.toString('utf8');
  }
  const trimmed = variant.firstValueOnly.includes(style) ? firstValue(text).trim() : text.trim();
  if (trimmed === '') {
    if (variant.blankTurnsDebugOn) return { path, doc: { debug: true } };
    const blankTaken = variant.blankTaken.includes(style);
    // The decoder's bare error, unwrapped.
    if (!blankTaken && variant.blankBareEof) throw new SimError('SIM_CONFIG', 'EOF');
    if (!blankTaken) throw fail(style === 'v20' ? 'EOF' : `${invalid}unexpected end of JSON input`);
    return { path, doc: {} };
  }
  if (nestingDepth(trimmed) > MAX_DEPTH) throw fail(`${invalid}exceeded max depth`);
  let doc: unknown;
  try {
    doc = JSON.parse(trimmed);
  } catch {
    if (variant.nonJsonReadsEmpty) return { path, doc: {} };
    throw fail(`${invalid}${syntaxProblem(trimmed, style, printsNewerWords(release))}`);
  }
  if (doc === null) return { path, doc: {} };
  if ((typeof doc !== 'object' || Array.isArray(doc)) && variant.nonJsonReadsEmpty) return { path, doc: {} };
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    throw fail(`${invalid}json: cannot unmarshal ${jsonTypeWord(doc)} into Go value of type map[string]interface {}`);
  }
  if (!validUtf8 && !variant.invalidUtf8Taken.includes(style)) {
    throw fail(`failed to decode configuration JSON at offset ${Buffer.byteLength(trimmed)}: encoding: invalid UTF-8`);
  }
  return { path, doc: doc as FileDocument };
}

/** The text of the first JSON object or array of `text` (Go's json.Decoder reads one value); the whole text otherwise. */
function firstValue(text: string): string {
  const start = text.search(/\S/);
  if (start < 0 || (text[start] !== '{' && text[start] !== '[')) return text;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(0, i + 1);
    }
  }
  return text;
}

/** UTF-16 with its byte-order mark (little or big endian) as UTF-8 bytes. */
function decodeUtf16(bytes: Buffer): Buffer {
  const body = Buffer.from(bytes.subarray(2));
  if (bytes[0] === 0xfe) for (let i = 0; i + 1 < body.length; i += 2) [body[i], body[i + 1]] = [body[i + 1]!, body[i]!];
  return Buffer.from(body.toString('utf16le'), 'utf8');
}

const bufferOf = (text: string | null): Buffer | null => (text === null ? null : Buffer.from(text, 'utf8'));

/** The deepest nesting of arrays and objects, outside strings, without recursion. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * A syntax error in the releases' words, found by Go's own scanner (engine/go-json.ts), which
 * feeds a text one space at its end. A text that ends too soon is "unexpected EOF" to 20.10's
 * decoder and "unexpected end of JSON input" to 28.x; 26.1 reports what that space met
 * (`{"debug": tru` → "invalid character ' ' in literal true (expecting 'e')", `{"a": -` → "…' '
 * in numeric literal"), and so does 29.7 (its build prints the scanner's words again:
 * engine/go-json-newer.ts). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */
function syntaxProblem(text: string, style: MessageStyle, newerWords: boolean): string {
  const bytes = Buffer.from(text, 'utf8');
  const scanned = goJsonUnmarshalScan(bytes);
  // A text JSON.parse refuses is never one whole value to the scanner (both read RFC 8259; the depth and UTF-8 are checked apart).
  // A cut text: 20.10's EOF, 28.x's end of input; 26.1 and 29.7 report what the fed space met.
  const cutWords = style === 'v20' || newerWords;
  if (!('error' in scanned) || (scanned.at >= bytes.length && cutWords)) return style === 'v20' ? 'unexpected EOF' : 'unexpected end of JSON input';
  return newerWords ? newerGoWords(scanned.error, bytes, scanned.at) : scanned.error;
}
