#!/usr/bin/env node
// Bundles the ctrd-sim binary into one file (dist/simulator/bin/ctrd-sim.js, over tsc's output):
// node then loads one module instead of some seventy and a router's dependencies, which keeps the
// simulator's cold start at its figure in bench/RESULTS.md. The suites' in-process target still
// imports the compiled modules one by one.
import { build } from 'esbuild';

await build({
  entryPoints: ['simulator/bin/ctrd-sim.ts'],
  outfile: 'dist/simulator/bin/ctrd-sim.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // The router is CommonJS: its require() calls need a require in an ES module.
  banner: { js: "import { createRequire as __ctcRequire } from 'node:module'; const require = __ctcRequire(import.meta.url);" },
});
