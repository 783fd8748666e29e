#!/usr/bin/env node
// Bundles the ctrd-sim binary into one file (dist/simulator/bin/ctrd-sim.js, over tsc's output):
// node then loads one script instead of some seventy modules and a router's dependencies. The
// suites' in-process target still imports the compiled modules one by one.
//
// The file stays the whole simulator (the container target copies it alone into its image), but
// what it runs is a script it holds as a string: V8 compiles that string with the code cache the
// build writes beside it (ctrd-sim.js.cache), so a start deserialises compiled code instead of
// parsing 0.9 MB (bench/RESULTS.md section 11). Without the cache (another node, a copied file, a
// rebuilt bundle), V8 compiles it as it would any script: same behaviour, a slower start.
//
//   node scripts/bundle-sim.mjs                 bundle, then warm the code cache
//   node scripts/bundle-sim.mjs --warm DIR      (internal) run the bundle as ctrd-sim on DIR's
//                                               socket, answer one /_ping, write the cache, stop it
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { build } from 'esbuild';

const OUT = fileURLToPath(new URL('../dist/simulator/bin/ctrd-sim.js', import.meta.url));
const CACHE = `${OUT}.cache`;
/**
 * Where the script sits in the binary: in a comment after the loader, which reads its own file and
 * takes the text between the two marks. V8 skips a comment at scanning speed, where a string
 * literal of the same 0.7 MB is copied and internalised at every start (bench/RESULTS.md section 11).
 */
const OPEN = '/*ctrd-sim-script\n';
const CLOSE = '\nctrd-sim-script*/\n';
/**
 * What the comment cannot hold as it is, the script's own `*\/` (a regular expression's, a string's)
 * and any character beyond ASCII (the file stays one-byte text for node), is written as this
 * escape of one UTF-16 unit (the `/` of `*\/`, the character), read back at start.
 */
const ESCAPE = '\\ctrd-sim-';
const escapeOf = (unit) => `${ESCAPE}${unit.charCodeAt(0).toString(16).padStart(4, '0')}\\`;
/** The loader's decoding, as source text (the loader and --warm run the same). */
const UNESCAPE = `.replace(/\\\\ctrd-sim-([0-9a-f]{4})\\\\/g, (_, unit) => String.fromCharCode(parseInt(unit, 16)))`;

/** The script the binary holds, as the loader reads it back. */
const scriptOf = (text) =>
  text
    .slice(text.indexOf(OPEN) + OPEN.length, text.lastIndexOf(CLOSE))
    .replace(/\\ctrd-sim-([0-9a-f]{4})\\/g, (_, unit) => String.fromCharCode(parseInt(unit, 16)));

/** The bundle as a function of (require, import.meta.url), strict as the ES module it was. */
async function bundle() {
  const result = await build({
    entryPoints: ['simulator/bin/ctrd-sim.ts'],
    outfile: OUT,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'external',
    // Whitespace and comments only (names and syntax are kept): less to read and hash at every start.
    minifyWhitespace: true,
    logLevel: 'warning',
    // What only --client-faults loads (its validator, and its YAML reader for a YAML file) stays in node_modules: the bundle, read at every start, stays as small as without it.
    external: ['ajv', '@sinclair/typebox', 'yaml'],
    // The one import.meta of the sources (a lazy createRequire of node:https) gets the loader's.
    define: { 'import.meta.url': '__ctcImportMetaUrl' },
  });
  const js = result.outputFiles.find((f) => f.path === OUT);
  const map = result.outputFiles.find((f) => f.path === `${OUT}.map`);
  // The opening takes the place of the shebang line: every line of the script stays the map's.
  const body = js.text.replace(/^#!.*/, '').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  return { source: `(function (require, __ctcImportMetaUrl) {"use strict";${body}})\n//# sourceMappingURL=ctrd-sim.js.map\n`, map: map.text };
}

/**
 * The binary: the loader, the key its cache must carry, the script. The loader is valid both as a
 * CommonJS script and as an ES module: the build puts a package.json without a type beside it, so
 * node runs it as CommonJS (an entry that starts sooner than an ES module one), and a copy of the
 * file alone under a package of type module (the container image) still runs. Without a type,
 * tsc's own ctrd-sim.js (`tsc -p .` alone after a build) still runs too: node sees its imports.
 */
function loader(source, key) {
  return `#!/usr/bin/env node
// ctrd-sim, bundled by scripts/bundle-sim.mjs: the script below, compiled with the code cache beside this file when it is the one this build wrote.
'use strict';
const builtin = process.getBuiltinModule ?? require;
const { readFileSync } = builtin('node:fs');
const { createRequire } = builtin('node:module');
const { pathToFileURL } = builtin('node:url');
const { Script } = builtin('node:vm');
const KEY = ${JSON.stringify(key)};
const file = typeof __filename === 'string' ? __filename : process.argv[1];
// The script: the comment that ends this file (its \`*/\` and its characters beyond ASCII escaped).
const text = readFileSync(file, 'latin1');
const SOURCE = text.slice(text.indexOf(${JSON.stringify(OPEN)}) + ${OPEN.length}, text.lastIndexOf(${JSON.stringify(CLOSE)}))${UNESCAPE};
let cachedData;
try {
  const cache = readFileSync(\`\${file}.cache\`);
  if (cache.subarray(0, KEY.length).toString('latin1') === KEY) cachedData = cache.subarray(KEY.length);
} catch {}
// Node's modules the simulator needs only for some requests are loaded on first use: the bundle reads their members at each use (import_x.member).
const load = createRequire(file);
const LATER = new Set(['node:crypto', 'node:zlib', 'node:perf_hooks']);
const later = (id) => {
  let loaded;
  const real = () => (loaded ??= load(id));
  return new Proxy({}, {
    get: (_, key) => real()[key],
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      return found === undefined ? undefined : { ...found, configurable: true };
    },
  });
};
const script = new Script(SOURCE, { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
script.runInThisContext()((id) => (LATER.has(id) ? later(id) : load(id)), pathToFileURL(file).href);
${OPEN}${source.replace(/\*\/|[\u0080-\uffff]/g, (found) => (found === '*/' ? `*${escapeOf('/')}` : escapeOf(found)))}${CLOSE}`;
}

/** The script as the comment can hold it: without the marks the loader looks for. */
function checked(source) {
  for (const mark of [OPEN, CLOSE, ESCAPE]) if (source.includes(mark)) throw new Error(`bundle-sim: the script holds the mark ${JSON.stringify(mark)}`);
  return source;
}

/** What a cache must start with to be used: the script's hash and the node that compiled it. */
const keyOf = (source) => `ctrd-sim-code-cache/1 ${process.version} ${process.arch} ${createHash('sha256').update(source).digest('hex')}\n`;

function ping(socketPath) {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * The child of the build: runs the script as ctrd-sim does (same string, same file name), on a
 * private socket with the suites' safety flags, until its first /_ping is answered; then writes the
 * code cache of everything compiled up to then and stops it with SIGTERM.
 */
async function warm(dir) {
  const source = scriptOf(readFileSync(OUT, 'latin1'));
  const socket = join(dir, 'd.sock');
  writeFileSync(join(dir, 'daemon.json'), '{}');
  process.argv = [
    process.argv[0],
    OUT,
    ...['--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '--pidfile', join(dir, 'd.pid')],
    ...['-H', `unix://${socket}`, '--bridge=none', '--iptables=false', '--ip6tables=false', '--config-file', join(dir, 'daemon.json')],
  ];
  const script = new Script(source, { filename: OUT });
  script.runInThisContext()(createRequire(OUT), pathToFileURL(OUT).href);
  const until = Date.now() + 30_000;
  while ((await ping(socket)) !== 200) {
    if (Date.now() > until) throw new Error('ctrd-sim did not answer /_ping within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // What a start up to its first /_ping compiled, not the shutdown: a smaller cache deserialises sooner.
  writeFileSync(CACHE, Buffer.concat([Buffer.from(keyOf(source), 'latin1'), script.createCachedData()]));
  process.kill(process.pid, 'SIGTERM');
}

if (process.argv[2] === '--warm') {
  await warm(process.argv[3]);
} else {
  const { source, map } = await bundle();
  rmSync(CACHE, { force: true });
  writeFileSync(OUT, loader(checked(source), keyOf(source)));
  if (scriptOf(readFileSync(OUT, 'latin1')) !== source) throw new Error('bundle-sim: the binary does not give back its script');
  writeFileSync(`${OUT}.map`, map);
  writeFileSync(join(dirname(OUT), 'package.json'), '{}\n');
  const dir = mkdtempSync(join(tmpdir(), 'ctc-bundle-'));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--warm', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  });
  let said = '';
  child.stderr.on('data', (chunk) => (said += chunk));
  const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c)));
  rmSync(dir, { recursive: true, force: true });
  // A missing cache costs start-up time only: said, not fatal.
  if (code !== 0 || !existsSync(CACHE))
    process.stderr.write(`bundle-sim: the code cache was not written (exit ${code}): ctrd-sim works, but starts slower\n${said}`);
}
