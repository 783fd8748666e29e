import { goQuote } from '../go-strconv.js';
import { goRunes, goUtf8 } from './json-spans.js';

/**
 * A plugin's interface type (`docker.volumedriver/1.0`): its prefix, capability and version, as
 * bytes, for before 29.0 they may hold any byte of the document.
 */
export interface CapabilityId {
  readonly prefix: Buffer;
  readonly capability: Buffer;
  readonly version: Buffer;
}

export const ZERO_CAPABILITY: CapabilityId = { prefix: Buffer.alloc(0), capability: Buffer.alloc(0), version: Buffer.alloc(0) };

/** String(): `prefix.capability/version`. */
const capabilityBytes = (id: CapabilityId): Buffer => Buffer.concat([id.prefix, Buffer.from('.'), id.capability, Buffer.from('/'), id.version]);

/** What the JSON of an inspect shows for it (Go writes a byte that is no UTF-8 as U+FFFD). */
export const capabilityText = (id: CapabilityId): string => goUtf8(capabilityBytes(id));

/** The outcome of one type's decoding: the type, the Unmarshaler's error, or its panic. */
export type CapabilityParse = { readonly id: CapabilityId } | { readonly error: string } | { readonly panics: true };

const QUOTE = 0x22;
const DOT = 0x2e;
const SLASH = 0x2f;

/**
 * types.PluginInterfaceType's UnmarshalJSON (before 29.0), given the value's bytes as written:
 * anything but a string literal is refused with its bytes quoted; the prefix ends at the last "."
 * before the first "/" (a type without one loses its first byte), the version follows the "/".
 * Without a "/" the capability is sliced up to the literal's length past its start: Go's classic
 * decoder hands over a slice of the whole document, so it reads the closing quote and the byte
 * after it (`next`, observed on 20.10.24 and 26.1.5); 28.x's decoder hands over a copy and the
 * slice panics, as a "/" first does everywhere (observed on 28.5.2).
 */
export function unmarshalInterfaceType(raw: Buffer, next: number | undefined, copied: boolean): CapabilityParse {
  if (raw.length < 2 || raw[0] !== QUOTE || raw[raw.length - 1] !== QUOTE) return { error: `${goQuote(goUtf8(raw))} is not a plugin interface type` };
  const inner = raw.subarray(1, -1);
  let prefixIndex = 0;
  let versionIndex = raw.length;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === DOT) prefixIndex = i;
    else if (inner[i] === SLASH) {
      versionIndex = i;
      break;
    }
  }
  if (prefixIndex + 1 > versionIndex) return { panics: true };
  let capability: Buffer;
  if (versionIndex <= inner.length) capability = inner.subarray(prefixIndex + 1, versionIndex);
  else if (copied || next === undefined) return { panics: true };
  else capability = Buffer.concat([raw, Buffer.from([next])]).subarray(prefixIndex + 2, versionIndex + 1);
  const version = versionIndex < inner.length ? inner.subarray(versionIndex + 1) : Buffer.alloc(0);
  return { id: { prefix: inner.subarray(0, prefixIndex), capability, version } };
}

/** plugin.CapabilityID's UnmarshalText (29.0): the version after the first "/", the prefix before the last "." ahead of it. */
export function unmarshalCapabilityText(text: string): CapabilityId {
  const slash = text.indexOf('/');
  const qualified = slash < 0 ? text : text.slice(0, slash);
  const dot = qualified.lastIndexOf('.');
  return {
    prefix: Buffer.from(dot < 0 ? '' : qualified.slice(0, dot)),
    capability: Buffer.from(dot < 0 ? qualified : qualified.slice(dot + 1)),
    version: Buffer.from(slash < 0 ? '' : text.slice(slash + 1)),
  };
}

/**
 * Go's encoding of a string's bytes in a JSON document (json.Encoder, HTML escaped): what the
 * second decode reads. A byte that is no UTF-8 is the escape `\ufffd` (20.10.24, 26.1.5), or
 * U+FFFD itself in 28.x's encoder (28.5.2).
 */
function goJsonQuoted(bytes: Buffer, newerGo: boolean): Buffer {
  let out = '"';
  for (const rune of goRunes(bytes)) {
    const code = rune?.codePointAt(0) ?? 0xfffd;
    if (rune === null) out += newerGo ? '\ufffd' : '\\ufffd';
    else if (rune === '"' || rune === '\\') out += `\\${rune}`;
    else if (rune === '\n') out += '\\n';
    else if (rune === '\r') out += '\\r';
    else if (rune === '\t') out += '\\t';
    else if (code < 0x20 || rune === '<' || rune === '>' || rune === '&' || code === 0x2028 || code === 0x2029)
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += rune;
  }
  return Buffer.from(`${out}"`);
}

/**
 * The type after moby stored the config and read it back (setupNewPlugin): before 29.0 its
 * String() is encoded and handed to UnmarshalJSON again, escapes and all (`a<b/1` becomes
 * `.\u003cb/1`, observed on 20.10.24, 26.1.5, 28.5.2); from 29.0 the text round-trips as it is.
 */
export function storedAgain(id: CapabilityId, module: boolean, newerGo: boolean): CapabilityId {
  if (module) return id;
  const again = unmarshalInterfaceType(goJsonQuoted(capabilityBytes(id), newerGo), undefined, newerGo);
  // A stored type always holds a "/" after its first byte: the second decode neither fails nor reads past it.
  return 'id' in again ? again.id : id;
}
