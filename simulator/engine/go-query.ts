/** Go's unescape in query mode (url.QueryUnescape): "+" is a space, "%XX" a byte; null for a bad escape. */
function queryUnescape(text: string): Buffer | null {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (char === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(char));
  }
  return Buffer.from(bytes);
}

/**
 * The first value of `key` in a raw query (`?` and all, or "") as Go's url.ParseQuery reads it, in
 * bytes (an escaped byte that is no UTF-8 kept, where URLSearchParams would put U+FFFD), or null:
 * a pair holding ";" or a malformed escape is dropped (`seconds=1;x` gives none; observed on
 * 20.10.24 and 28.5.2).
 */
export function goQueryValue(rawQuery: string, key: string): Buffer | null {
  for (const pair of rawQuery.replace(/^\?/, '').split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const at = pair.indexOf('=');
    const name = queryUnescape(at < 0 ? pair : pair.slice(0, at));
    const value = queryUnescape(at < 0 ? '' : pair.slice(at + 1));
    if (name !== null && value !== null && name.equals(Buffer.from(key))) return value;
  }
  return null;
}
