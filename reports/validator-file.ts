/**
 * The report validator compiled ahead of time. Compiling the report schema with Ajv costs a CLI
 * process a few hundred milliseconds of CPU at each report it writes or reads; the build
 * (reports/write-validator.ts) writes Ajv's standalone code of the same schema, with the same
 * options, to this file, which reports/schema.ts loads instead. The file names the schema it was
 * compiled from by hash: a stale or missing file is not used.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';

export const VALIDATOR_FILE = fileURLToPath(new URL('./report-validator.cjs', import.meta.url));

/** The options both ways of compiling use. */
export const VALIDATOR_OPTIONS = { allErrors: true, strict: true } as const;

export const schemaHashOf = (schemaText: string): string => createHash('sha256').update(schemaText).digest('hex');

/** The compiled validator of the schema whose text is given, or null when the build wrote none for it. */
export function precompiledValidator(schemaText: string): ValidateFunction | null {
  if (!existsSync(VALIDATOR_FILE)) return null;
  const loaded = createRequire(import.meta.url)(VALIDATOR_FILE) as { schemaHash?: string; validate?: ValidateFunction };
  return loaded.schemaHash === schemaHashOf(schemaText) && typeof loaded.validate === 'function' ? loaded.validate : null;
}
