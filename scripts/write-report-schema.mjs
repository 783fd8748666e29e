#!/usr/bin/env node
// Regenerates reports/report.schema.json from the compiled schema (run `npx tsc -p .` first).
// test/reports-schema.test.ts fails when the committed file is stale.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { reportJsonSchemaText } from '../dist/reports/schema.js';

const out = fileURLToPath(new URL('../reports/report.schema.json', import.meta.url));
await writeFile(out, reportJsonSchemaText(), 'utf8');
console.log(`wrote ${out}`);
