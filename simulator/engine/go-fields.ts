/**
 * A JSON object's keys matched to a Go struct's fields as encoding/json matches them: the field
 * of that exact name, else the one equal to it under Unicode case folding (`image` sets Image,
 * as 20.10.24, 26.1.5 and 28.5.2 take it: observed). Each key sets its field in turn, so the last
 * of two spellings wins; a key that matches no field is dropped.
 */
export function goFields(value: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = goFieldOf(key, fields);
    if (field !== undefined) out[field] = item;
  }
  return out;
}

/** A JSON object (not null, not an array): what Go decodes into a struct or a map. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The field a JSON key sets (exact name, else equal under case folding), or undefined. */
export const goFieldOf = (key: string, fields: readonly string[]): string | undefined =>
  fields.includes(key) ? key : fields.find((field) => fold(field) === fold(key));

/**
 * Simple case folding for field names: upper then lower case, so that the long s (ſ) meets s and
 * the Kelvin sign meets k, as Go's folding has them.
 */
const fold = (text: string): string => text.toUpperCase().toLowerCase();
