/**
 * Build step (`npm run build`): writes the report validator as Ajv's standalone code
 * (reports/validator-file.ts says why). test/report-validator.test.ts checks that it judges as the
 * validator compiled at run time does.
 */
import { writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { reportJsonSchema, reportJsonSchemaText } from './schema.js';
import { schemaHashOf, VALIDATOR_FILE, VALIDATOR_OPTIONS } from './validator-file.js';

const ajv = new Ajv({ ...VALIDATOR_OPTIONS, code: { source: true } });
const code = standalone.default(ajv, ajv.compile(reportJsonSchema()));
writeFileSync(
  VALIDATOR_FILE,
  `${code}\nmodule.exports.validate = module.exports;\nmodule.exports.schemaHash = ${JSON.stringify(schemaHashOf(reportJsonSchemaText()))};\n`,
);
