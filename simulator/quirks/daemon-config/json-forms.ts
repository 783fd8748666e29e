import type { MessageStyle } from '../../config/file/message-style.js';
import { BOM_DROPPED } from './bom-dropped.js';
import { TRAILING_DATA } from './trailing-data.js';

/** The quirk id: how the releases read configuration files that are not JSON text of an object. */
export const JSON_FORMS_QUIRK = 'observed.config.file.json';

/**
 * Observed quirk (observed.config.file.json), per release: 26.1.5 and 28.5.2 drop a UTF-8
 * byte-order mark, decode UTF-16 that starts with a byte-order mark and take a blank file as no
 * options; 20.10.24 decodes the first JSON value and ignores whatever follows it (trailing data, a
 * second document) and takes invalid UTF-8.
 */
export interface ReadAsObserved {
  readonly bom: boolean;
  readonly utf16WithBom: boolean;
  readonly blank: boolean;
  readonly firstValueOnly: boolean;
  readonly invalidUtf8: boolean;
}

const NONE: ReadAsObserved = { bom: false, utf16WithBom: false, blank: false, firstValueOnly: false, invalidUtf8: false };

export function readAsObserved(style: MessageStyle, quirks: ReadonlySet<string>): ReadAsObserved {
  // Hypothetical quirks: trailing data ignored, a BOM dropped (on any release).
  const hypothetical: ReadAsObserved = { ...NONE, firstValueOnly: quirks.has(TRAILING_DATA), bom: quirks.has(BOM_DROPPED) };
  if (!quirks.has(JSON_FORMS_QUIRK)) return hypothetical;
  return style === 'v20' ? { ...NONE, firstValueOnly: true, invalidUtf8: true } : { ...NONE, bom: true, utf16WithBom: true, blank: true };
}

/** The text of the first JSON object or array of `text` (Go's json.Decoder reads one value); the whole text otherwise. */
export function firstValue(text: string): string {
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
