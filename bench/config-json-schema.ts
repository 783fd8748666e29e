/**
 * The JSON Schema (draft 2020-12) of the configuration file, generated from the key table
 * (specs/config-schema.ts) for one release: what a file must look like for the release to read it
 * without a complaint about its keys or value types. Values the daemon checks beyond their JSON
 * type (enumerations, labels, sizes) are the rules' business, not the schema's.
 */
import { inRange } from '../common/dotted-version.js';
import { DAEMON_OPTIONS, UNLISTED_OPTIONS } from '../specs/options.js';
import { fileKeys, type Shape } from '../specs/config-schema.js';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** Objects whose unknown fields the daemon reports as directives (it flattens them into the file's keys). */
const CLOSED_OBJECTS = new Set(['proxies']);

function shapeSchema(shape: Shape, key: string): JsonSchema {
  switch (shape.type) {
    case 'bool':
      return { type: ['boolean', 'null'] };
    case 'int':
      return { type: ['integer', 'null'] };
    case 'string':
      return { type: ['string', 'null'] };
    case 'array':
      return { type: ['array', 'null'], items: shapeSchema(shape.items, key) };
    case 'map':
      return { type: ['object', 'null'], additionalProperties: shapeSchema(shape.values, key) };
    case 'object':
      return {
        type: ['object', 'null'],
        properties: Object.fromEntries(Object.entries(shape.fields).map(([field, inner]) => [field, shapeSchema(inner, key)])),
        ...(CLOSED_OBJECTS.has(key) ? { additionalProperties: false } : {}),
      };
  }
}

const within = (release: string | null, since?: string, until?: string): boolean =>
  release === null || inRange(release, { ...(since === undefined ? {} : { min: since }), ...(until === undefined ? {} : { max: until }) });

/**
 * The schema for a release series (null: every key of the table). Besides the file keys, the
 * flags' own names are properties the daemon takes and ignores (it looks unknown keys up among
 * flag names), so they are allowed with any value.
 */
export function configFileSchema(release: string | null): JsonSchema {
  const keys = fileKeys().filter((k) => within(release, k.since, k.until));
  const flagNames = [...DAEMON_OPTIONS, ...UNLISTED_OPTIONS].filter((o) => within(release, o.since, o.until)).map((o) => o.name);
  const properties: Record<string, JsonSchema> = Object.fromEntries(flagNames.map((name) => [name, {}]));
  for (const k of keys) properties[k.key] = shapeSchema(k.shape, k.key);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `ctrd configuration file${release === null ? '' : ` (${release})`}`,
    type: 'object',
    properties,
    additionalProperties: false,
  };
}
