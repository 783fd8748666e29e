#!/usr/bin/env node
// Bundles the ctr-conformance CLI into one script (dist/cli/ctr-conformance.js.script) that the
// binary (dist/cli/ctr-conformance.js, over tsc's entry) compiles with the code cache the build
// writes beside it (ctr-conformance.js.cache), as scripts/bundle-sim.mjs does ctrd-sim: a command
// then loads one script instead of the hundreds of modules it needs (the bundle holds some 700 of
// ours and 480 of node_modules), and deserialises compiled code instead of compiling them
// (bench/RESULTS.md section 11). The tests
// and every other module of dist/ still import tsc's modules one by one.
//
// The bundle behaves as the modules it holds: each keeps its own import.meta.url (the URL of its
// compiled module in dist/, so that what it finds beside itself, dist/cli/rule-index.json, the
// report validator, ctrd-sim's binary, worker scripts, is found), and each command's modules still
// run only when the command runs (esbuild keeps a bundled dynamic import lazy). What only some
// targets load from node_modules (the container, replay and TLS ones) stays there. The script is
// a file of its own beside the loader (ctr-conformance.js.script): `--help`, `--version` and `rules`
// do not read it, but run tsc's modules (see UNBUNDLED).
//
//   node scripts/bundle-cli.mjs                 bundle, then warm the code cache
//   node scripts/bundle-cli.mjs --warm DIR      (internal) run the bundle as `ctr-conformance run
//                                               --target sim --only <rule>` into DIR, then write the cache
import { readFile } from 'node:fs/promises';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { transform } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { binary, bundleScript, compiled, keyOf, warmInChild } from './cached-script.mjs';

const NAME = 'ctr-conformance';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('../dist/cli/ctr-conformance.js', import.meta.url));
const CACHE = `${OUT}.cache`;
/** The script, beside the loader (scripts/cached-script.mjs). */
const SCRIPT = `${OUT}.script`;
/**
 * tsc's modules of the CLI, one by one, from the entry as tsc compiles it (it imports ./interrupts.js
 * and ./main.js beside it). `--help`, `--version`, `rules` and a mistyped command load little more
 * than commander: from these modules they cost less than the bundle's reading and code cache
 * (bench/RESULTS.md section 11). The binary goes this way unless the first word of its arguments is
 * one of the commands that load modules of their own. Either way it is the same program: which one
 * a start takes changes its speed, never what it does.
 */
const UNBUNDLED = fileURLToPath(new URL('../dist/cli/ctr-conformance.unbundled.js', import.meta.url));
/** The commands that load little beyond commander: every other command cli/main.ts registers takes the bundle. */
const LIGHT_COMMANDS = ['rules'];
/** The commands cli/main.ts registers (`.command('name'`), read from its source so that a new command takes the bundle. */
const COMMANDS_WITH_MODULES = [...readFileSync(join(ROOT, 'cli', 'main.ts'), 'utf8').matchAll(/\.command\('([a-z-]+)/g)]
  .map((match) => match[1])
  .filter((name) => !LIGHT_COMMANDS.includes(name));
if (COMMANDS_WITH_MODULES.length === 0) throw new Error('bundle-cli: no command found in cli/main.ts');
/** The rule the warm-up runs: one property, on the in-process simulator (what most CLI runs of the tests do). */
const WARM_RULE = 'api.version.negotiation';

/**
 * Gives every module of ours the import.meta.url of its compiled module in dist/ (tsc writes X.ts
 * to dist/X.js): the bundle's own URL (__ctcImportMetaUrl, from the loader) with the relative path
 * between the two.
 */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const from = relative(ROOT, path);
      if (from.startsWith('..') || from.startsWith('node_modules')) return undefined;
      const compiledAt = relative(join(ROOT, 'dist', 'cli'), join(ROOT, 'dist', from.replace(/\.ts$/, '.js')))
        .split('\\')
        .join('/');
      const text = await readFile(path, 'utf8');
      return { contents: text.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(compiledAt)}, __ctcImportMetaUrl).href`), loader: 'ts' };
    });
  },
};

/**
 * Modules the bundle requires from dist/ as tsc wrote them (node ≥ 20.19 requires an ES module)
 * instead of holding them: cli/rule-index.ts, whose index of the checks' files, when the build's
 * rule-index.json is missing, imports the compiled modules of suites/ by path, and must compare
 * what they export with the checks of the same modules, not with the bundle's copies.
 */
const FROM_DIST = ['cli/rule-index.ts'];
const fromDist = {
  name: 'from-dist',
  setup(build) {
    build.onResolve({ filter: /\.js$/ }, ({ path, resolveDir }) => {
      const target = relative(ROOT, join(resolveDir, path)).replace(/\.js$/, '.ts');
      if (!FROM_DIST.includes(target)) return undefined;
      return { path: `./${relative(join(ROOT, 'cli'), join(ROOT, target)).replace(/\.ts$/, '.js')}`, external: true };
    });
  },
};

const bundle = () =>
  bundleScript('cli/ctr-conformance.ts', OUT, {
    // Any other import.meta (a package's) would be empty in a script: refuse to build rather than run without it.
    logOverride: { 'empty-import-meta': 'error' },
    // Loaded by one kind of target each, on first use: the container target, the replay target, the TLS certificates of the listeners area.
    external: ['dockerode', 'testcontainers', 'nock', '@peculiar/x509', 'reflect-metadata'],
    // import() as require: a script has no import() of its own (scripts/cached-script.mjs).
    supported: { 'dynamic-import': false },
    plugins: [ownImportMeta, fromDist],
  });

/**
 * The child of the build: runs the script as the binary does (same string, same file name) as a
 * one-rule run on the in-process simulator, and writes the code cache of everything compiled up
 * to its end.
 */
function warm(dir) {
  const source = readFileSync(SCRIPT, 'latin1');
  process.argv = [process.argv[0], OUT, 'run', '--target', 'sim', '--only', WARM_RULE, '--num-runs', '5', '--out', join(dir, 'report'), '--quiet'];
  const script = compiled(source, OUT);
  process.once('beforeExit', () => {
    // The cache is as good after a failed run; the failure is said, for whoever reads the build's output.
    if ((process.exitCode ?? 0) !== 0) process.stderr.write(`bundle-cli: note: the warm-up run exited ${process.exitCode}\n`);
    writeFileSync(CACHE, Buffer.concat([Buffer.from(keyOf(NAME, source), 'latin1'), script.createCachedData()]));
    process.exitCode = 0;
  });
  script.runInThisContext()(createRequire(OUT), pathToFileURL(OUT).href);
}

if (process.argv[2] === '--warm') {
  warm(process.argv[3]);
} else {
  const { source, map } = await bundle();
  rmSync(CACHE, { force: true });
  // Run as an ES module (dist/ is of type module), where the loader's own path is its import.meta.url's, symbolic links resolved.
  // The entry as tsc compiles it, beside the bundle: the way in of the commands that load no module of their own.
  writeFileSync(
    UNBUNDLED,
    (await transform(readFileSync(join(ROOT, 'cli', 'ctr-conformance.ts'), 'utf8'), { loader: 'ts', format: 'esm', target: 'node20' })).code,
  );
  const { text, script } = binary({
    name: NAME,
    source,
    file: "builtin('node:url').fileURLToPath(import.meta.url)",
    instead: {
      when: `!${JSON.stringify(COMMANDS_WITH_MODULES)}.includes(process.argv.slice(2).find((arg) => !arg.startsWith('-')))`,
      run: `import(${JSON.stringify(`./${basename(UNBUNDLED)}`)})`,
    },
  });
  writeFileSync(SCRIPT, script);
  writeFileSync(OUT, text);
  writeFileSync(`${OUT}.map`, map);
  await warmInChild(NAME, fileURLToPath(import.meta.url), CACHE);
}
