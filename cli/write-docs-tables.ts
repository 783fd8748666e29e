/**
 * `npm run docs:tables`: writes the tables of docs/ that the catalogue holds (docs-tables.ts).
 * test/docs-tables.test.ts fails when the committed files differ from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docsTables } from './docs-tables.js';

/** The repository (this file is dist/cli/write-docs-tables.js). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

for (const [path, text] of await docsTables()) {
  writeFileSync(`${ROOT}${path}`, text);
  process.stdout.write(`wrote ${path}\n`);
}
