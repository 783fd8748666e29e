#!/usr/bin/env node
// Keeps the layering of the product: specs/ and common/ import nothing of ours, simulator/ never
// sees suites/ or reports/, reports/ knows nothing of targets, and suites/ reaches the simulator
// only through its target adapters. And the checks cannot see the release: what a check generates
// comes from the document and from what the target says of itself, so the modules of the checks
// (suites/ but its targets, its run and its explorer) import no per-release fact table of specs/
// (the modules below, and every export of specs/ whose doc comment says @releaseFacts) and read no
// `since`/`until` of a specs entry.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The project's root, or another tree given as the first argument (test/layers.test.ts).
const root = process.argv[2] === undefined ? resolve(dirname(new URL(import.meta.url).pathname), '..') : resolve(process.argv[2]);
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
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

/** Modules of specs/ that are per-release facts through and through. */
const RELEASE_FACT_MODULES = ['specs/versions.ts', 'specs/daemon-flags.ts', 'specs/known-deviations.ts', 'specs/engine-deviations.ts', 'specs/quirks/'];
/** Where release facts may be read in suites/: the adapters that start a release, the run that labels its known deviations, the explorer that compares two. */
const SEES_RELEASES = ['suites/targets/', 'suites/run/', 'suites/explorer/'];
/** The one value of specs/versions.ts a check may use: the list of API versions (the document's, not a release's). */
const VERSIONS_ALLOWED = new Set(['ALL_API_VERSIONS']);

/** Exports of specs/ marked `@releaseFacts` in the doc comment right above them, by module. */
function releaseFactExports() {
  const marked = new Map();
  for (const file of files(join(root, 'specs'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*export (?:const|function|type|interface) ([A-Za-z_][A-Za-z0-9_]*)/g)) {
      if (!/@releaseFacts\b/.test(match[1])) continue;
      const where = relative(root, file);
      marked.set(where, [...(marked.get(where) ?? []), match[2]]);
    }
  }
  return marked;
}

function checkBlindToReleases(problems) {
  const marked = releaseFactExports();
  for (const file of files(join(root, 'suites'))) {
    const where = relative(root, file);
    if (SEES_RELEASES.some((prefix) => where.startsWith(prefix))) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)\s*from\s+['"](\.[^'"]+)['"]/g)) {
      const target = relative(root, resolve(dirname(file), match[3])).replace(/\.js$/, '.ts');
      const names = (match[2] ?? '*')
        .split(',')
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        )
        .filter((name) => name !== '');
      if (target === 'specs/versions.ts') {
        const bad = names.filter((name) => !VERSIONS_ALLOWED.has(name));
        if (bad.length > 0) problems.push(`${where}: a check must not see the release's facts: ${bad.join(', ')} of specs/versions.ts`);
        continue;
      }
      const module = RELEASE_FACT_MODULES.find((m) => (m.endsWith('/') ? target.startsWith(m) : target === m));
      if (module !== undefined) {
        problems.push(`${where}: a check must not see the release's facts: it imports ${target}`);
        continue;
      }
      const facts = marked.get(target) ?? [];
      const bad = names.filter((name) => (name === '*' ? facts.length > 0 : facts.includes(name)));
      if (bad.length > 0) problems.push(`${where}: a check must not see the release's facts: ${bad.join(', ')} of ${target} (@releaseFacts)`);
    }
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      if (/\.(since|until)\b(?!\s*\()/.test(line))
        problems.push(`${where}:${i + 1}: a check must not read the releases of a specs entry (since/until): ${line.trim()}`);
    });
  }
}

const problems = [];
checkBlindToReleases(problems);
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
