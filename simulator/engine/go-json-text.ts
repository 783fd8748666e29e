/**
 * `value` as Go's encoding/json writes it with its default HTML escaping: bigints as integers, a
 * string's `<`, `>`, `&`, U+2028 and U+2029 as \u escapes, members in the object's order.
 */
export function goJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, member]) => `${goJson(key)}:${goJson(member)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
