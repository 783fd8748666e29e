#!/usr/bin/env node
// Regenerates specs/client-faults.schema.json from the TypeBox type (run `npm run build` first).
// test/client-faults-file.test.ts fails when the committed file is stale.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { clientFaultsJsonSchemaText } from '../dist/simulator/client-faults/index.js';

const out = fileURLToPath(new URL('../specs/client-faults.schema.json', import.meta.url));
await writeFile(out, clientFaultsJsonSchemaText(), 'utf8');
console.log(`wrote ${out}`);
