#!/usr/bin/env node
// Bundles the ctrd-sim binary (dist/simulator/bin/ctrd-sim.js, over tsc's output): node then loads
// one script instead of some seventy modules and a router's dependencies. The suites' in-process
// target still imports the compiled modules one by one.
//
// The binary is a small loader; the simulator is the script beside it (ctrd-sim.js.script), which V8
// compiles with the code cache the build writes beside both (ctrd-sim.js.cache), so a start
// deserialises compiled code instead of parsing 0.8 MB (bench/RESULTS.md section 11). The script is
// apart so that node's own loader reads and compiles a few lines, not the 0.8 MB the binary would
// hold; the container target copies the three files. Without the cache (another node, a rebuilt
// bundle), V8 compiles the script as it would any script: same behaviour, a slower start.
//
//   node scripts/bundle-sim.mjs                 bundle, then warm the code cache
//   node scripts/bundle-sim.mjs --warm DIR      (internal) run the bundle as ctrd-sim on DIR's
//                                               socket, answer one /_ping, write the cache, stop it
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { binary, bundleScript, compiled, keyOf, warmInChild } from './cached-script.mjs';

const NAME = 'ctrd-sim';
const OUT = fileURLToPath(new URL('../dist/simulator/bin/ctrd-sim.js', import.meta.url));
const CACHE = `${OUT}.cache`;

/** The bundle as a function of (require, import.meta.url), strict as the ES module it was. */
const bundle = () =>
  bundleScript('simulator/bin/ctrd-sim.ts', OUT, {
    // What only --client-faults loads (its validator, and its YAML reader for a YAML file) stays in node_modules: the bundle, read at every start, stays as small as without it.
    external: ['ajv', '@sinclair/typebox', 'yaml'],
  });

/**
 * The binary (scripts/cached-script.mjs). The build puts a package.json without a type beside it,
 * so node runs it as CommonJS (an entry that starts sooner than an ES module one), and a copy of
 * the file alone under a package of type module (the container image) still runs. Without a type,
 * tsc's own ctrd-sim.js (`tsc -p .` alone after a build) still runs too: node sees its imports.
 * Node's modules the simulator needs only for some requests are loaded on first use.
 */
const loader = (source) =>
  binary({
    name: NAME,
    source,
    file: "typeof __filename === 'string' ? __filename : process.argv[1]",
    later: ['node:crypto', 'node:zlib', 'node:perf_hooks', 'node:os'],
  });

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
  const source = readFileSync(`${OUT}.script`, 'latin1');
  const socket = join(dir, 'd.sock');
  writeFileSync(join(dir, 'daemon.json'), '{}');
  process.argv = [
    process.argv[0],
    OUT,
    ...['--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '--pidfile', join(dir, 'd.pid')],
    ...['-H', `unix://${socket}`, '--bridge=none', '--iptables=false', '--ip6tables=false', '--config-file', join(dir, 'daemon.json')],
  ];
  const script = compiled(source, OUT);
  script.runInThisContext()(createRequire(OUT), pathToFileURL(OUT).href);
  const until = Date.now() + 30_000;
  while ((await ping(socket)) !== 200) {
    if (Date.now() > until) throw new Error('ctrd-sim did not answer /_ping within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // What a start up to its first /_ping compiled, not the shutdown: a smaller cache deserialises sooner.
  writeFileSync(CACHE, Buffer.concat([Buffer.from(keyOf(NAME, source), 'latin1'), script.createCachedData()]));
  process.kill(process.pid, 'SIGTERM');
}

if (process.argv[2] === '--warm') {
  await warm(process.argv[3]);
} else {
  const { source, map } = await bundle();
  rmSync(CACHE, { force: true });
  const { text, script } = loader(source);
  writeFileSync(`${OUT}.script`, script);
  writeFileSync(OUT, text);
  writeFileSync(`${OUT}.map`, map);
  writeFileSync(join(dirname(OUT), 'package.json'), '{}\n');
  await warmInChild(NAME, fileURLToPath(import.meta.url), CACHE);
}
