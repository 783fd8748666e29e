import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { configFileSchema } from './config-json-schema.js';

/**
 * The suite's own verdict on a configuration document, without any daemon: whether the release
 * reads it without a complaint about keys or types, from the JSON Schema generated out of the
 * catalogue's key table. Fast enough to judge thousands of generated files (bench/config-validate.ts).
 */
export type FileVerdict =
  | { readonly accepted: true }
  | { readonly accepted: false; readonly unknownKeys: readonly string[]; readonly problems: readonly string[] };

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();

function validatorFor(release: string | null): ValidateFunction {
  const key = release ?? '*';
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = ajv.compile(configFileSchema(release));
    validators.set(key, validate);
  }
  return validate;
}

export function fileVerdict(doc: unknown, release: string | null): FileVerdict {
  const validate = validatorFor(release);
  if (validate(doc)) return { accepted: true };
  const errors = validate.errors ?? [];
  const unknownKeys = errors
    .filter((e) => e.keyword === 'additionalProperties')
    .map((e) => String((e.params as { additionalProperty: string }).additionalProperty));
  return { accepted: false, unknownKeys, problems: errors.map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`) };
}
