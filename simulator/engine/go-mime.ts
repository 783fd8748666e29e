/** Go's mime.ParseMediaType, as far as a Content-Type's refusal needs it: the media type and mime's error. */

/** mime's token characters: printable ASCII but the tspecials. */
const isTokenChar = (char: string): boolean => char > ' ' && char < '\x7f' && !'()<>@,;:\\"/[]?='.includes(char);
/** mime's consumeToken: the token at the start of `text`, and the rest. */
function consumeToken(text: string): [string, string] {
  let end = 0;
  while (end < text.length && isTokenChar(text[end]!)) end += 1;
  return [text.slice(0, end), text.slice(end)];
}
const trimLeft = (text: string): string => text.replace(/^\s+/, '');

/** mime's consumeValue: a token or a quoted string, and the rest; null where there is none. */
function consumeValue(text: string): string | null {
  if (!text.startsWith('"')) {
    const [token, rest] = consumeToken(text);
    return token === '' ? null : rest;
  }
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') return text.slice(i + 1);
    if (char === '\\' && i + 1 < text.length && '()<>@,;:\\"/[]?='.includes(text[i + 1]!)) i += 1;
    else if (char === '\r' || char === '\n') return null;
  }
  return null;
}

/** mime's consumeMediaParam: the parameter's lower-cased name and the rest, or null. */
function consumeParameter(text: string): { readonly name: string; readonly rest: string } | null {
  let rest = trimLeft(text);
  if (!rest.startsWith(';')) return null;
  const [name, afterName] = consumeToken(trimLeft(rest.slice(1)));
  if (name === '') return null;
  rest = trimLeft(afterName);
  if (!rest.startsWith('=')) return null;
  const afterValue = consumeValue(trimLeft(rest.slice(1)));
  return afterValue === null ? null : { name: name.toLowerCase(), rest: afterValue };
}

/** mime.ParseMediaType's errors. */
const MIME_ERRORS = {
  noMediaType: 'mime: no media type',
  expectedSlash: 'mime: expected slash after first token',
  expectedToken: 'mime: expected token after slash',
  afterSubtype: 'mime: unexpected content after media subtype',
  invalidParameter: 'mime: invalid media parameter',
  duplicateParameter: 'mime: duplicate parameter name',
} as const;

/** mime's checkMediaTypeDisposition on the lower-cased, trimmed type: its error, or null. */
function mediaTypeError(type: string): string | null {
  const [main, afterMain] = consumeToken(type);
  if (main === '') return MIME_ERRORS.noMediaType;
  if (afterMain === '') return null;
  if (!afterMain.startsWith('/')) return MIME_ERRORS.expectedSlash;
  const [sub, afterSub] = consumeToken(afterMain.slice(1));
  if (sub === '') return MIME_ERRORS.expectedToken;
  return afterSub === '' ? null : MIME_ERRORS.afterSubtype;
}

/** The error of mime's parameter loop on what follows the type, or null. */
function parametersError(text: string): string | null {
  const names = new Set<string>();
  let rest = text;
  while (rest.length > 0) {
    rest = trimLeft(rest);
    if (rest === '') break;
    const parameter = consumeParameter(rest);
    // Trailing semicolons are ignored.
    if (parameter === null) return rest.trim() === ';' ? null : MIME_ERRORS.invalidParameter;
    if (names.has(parameter.name)) return MIME_ERRORS.duplicateParameter;
    names.add(parameter.name);
    rest = parameter.rest;
  }
  return null;
}

/**
 * Go's mime.ParseMediaType on a Content-Type: the media type (null where the type itself does not
 * parse) and the error, if any (a type whose parameters fail is still returned, as Go does).
 */
export function goMediaType(value: string): { readonly type: string | null; readonly error: string | null } {
  const cut = value.indexOf(';');
  const base = cut < 0 ? value : value.slice(0, cut);
  const type = base.trim().toLowerCase();
  const typeError = mediaTypeError(type);
  if (typeError !== null) return { type: null, error: typeError };
  return { type, error: parametersError(value.slice(base.length)) };
}
