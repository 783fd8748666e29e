#!/usr/bin/env node
// Keeps the layering of the product: specs/ and common/ import nothing of ours, simulator/ never
// sees suites/ or reports/, reports/ knows nothing of targets, and suites/ reaches the simulator
// only through its target adapters.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ALLOWED = {
  common: ['common'],
  specs: ['specs'],
  simulator: ['simulator', 'specs', 'common'],
  reports: ['reports'],
  suites: ['suites', 'specs', 'common', 'reports', 'simulator'],
  cli: ['cli', 'suites', 'reports', 'specs', 'simulator', 'common'],
  bench: ['bench', 'suites', 'simulator', 'specs', 'common', 'reports'],
};

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

const problems = [];
for (const [layer, allowed] of Object.entries(ALLOWED)) {
  for (const file of files(join(root, layer))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = relative(root, resolve(dirname(file), match[1])).split('/')[0];
      const where = relative(root, file);
      if (!allowed.includes(target)) problems.push(`${where}: ${layer}/ must not import ${target}/ (${match[1]})`);
      if (layer === 'suites' && target === 'simulator' && !where.startsWith('suites/targets/')) {
        problems.push(`${where}: suites/ reaches the simulator only through suites/targets/ (${match[1]})`);
      }
    }
  }
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('layers: ok\n');
