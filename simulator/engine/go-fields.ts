/**
 * A JSON object's keys matched to a Go struct's fields as encoding/json matches them: the field
 * of that exact name, else the one equal to it under Unicode case folding (`image` sets Image,
 * as 20.10.24, 26.1.5 and 28.5.2 take it: observed). Each key sets its field in turn, so the last
 * of two spellings wins; a key that matches no field is dropped.
 */
export function goFields(value: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  const exact = new Set(fields);
  const folded = new Map(fields.map((field) => [fold(field), field]));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = exact.has(key) ? key : folded.get(fold(key));
    if (field !== undefined) out[field] = item;
  }
  return out;
}

/**
 * Simple case folding for field names: upper then lower case, so that the long s (ſ) meets s and
 * the Kelvin sign meets k, as Go's folding has them.
 */
const fold = (text: string): string => text.toUpperCase().toLowerCase();
