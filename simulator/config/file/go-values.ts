/** Values printed as Go's fmt `%v` prints the decoded JSON (interface{}) and flag values. */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `map[${Object.keys(record)
      .sort()
      .map((k) => `${k}:${goValue(record[k])}`)
      .join(' ')}]`;
  }
  if (typeof value === 'number') return goFloat(value);
  return String(value);
}

/** A float64 as %v prints it: integers plainly up to 1e21, exponents with a sign and two digits. */
function goFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  const text = String(n);
  return text.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** The JSON type word of Go's UnmarshalTypeError ("string", "number", "array", "object", "bool"). */
export function jsonTypeWord(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  return 'string';
}

/** go-units RAMInBytes: binary multiples, with or without "i" and "b". */
export function bytesOf(size: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgtpezy]?)i?b?\s*$/i.exec(size);
  if (match === null) return 0;
  const power = ' kmgtpezy'.indexOf((match[2] ?? '').toLowerCase() || ' ');
  return Math.round(Number(match[1]) * 1024 ** power);
}
