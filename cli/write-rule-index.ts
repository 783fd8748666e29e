/**
 * Build step (`npm run build`): writes dist/cli/rule-index.json, the rows `ctr-conformance rules`
 * prints, so that the command answers without importing the catalogue, the simulator and every
 * suite. test/rule-index.test.ts checks the file against the registries.
 */
import { writeFileSync } from 'node:fs';
import { computeRuleCoverage, RULE_INDEX_FILE } from './rule-index.js';

const rows = await computeRuleCoverage();
writeFileSync(RULE_INDEX_FILE, `${JSON.stringify(rows)}\n`);
