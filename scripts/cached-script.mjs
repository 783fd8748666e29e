// What the bundled binaries (ctrd-sim: scripts/bundle-sim.mjs; ctr-conformance: scripts/bundle-cli.mjs)
// share: a small loader (the binary), and the bundle as a script in a file beside it (FILE.script),
// which V8 compiles with the code cache the build writes beside both (FILE.cache) when the cache's
// key matches.
//
// The script file holds the bundle as it is, a function expression: loaded alone, it does nothing.
// It is ASCII, so that the loader reads it as one-byte text in one go (V8 compiles and hashes that
// faster than two-byte, and nothing is left to decode); what esbuild leaves beyond ASCII (a regular
// expression's own characters) is written as the \uXXXX escape of the same UTF-16 unit.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Script } from 'node:vm';
import { tokenizer } from 'acorn';
import { build } from 'esbuild';

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * `source` with every character beyond ASCII written as the escape of its UTF-16 unit(s), where
 * that escape means the same character: in a regular expression, a string, a name, a comment. A
 * template literal's own text is refused (its raw form would change): the build stops and says so.
 */
export function asciiSource(name, source) {
  if (!NON_ASCII.test(source)) return source;
  const escapable = [];
  const note = (start, end) => escapable.push([start, end]);
  const tokens = tokenizer(source, { ecmaVersion: 'latest', sourceType: 'script', onComment: (_block, _text, start, end) => note(start, end) });
  for (const token of tokens) {
    const label = token.type.label;
    if (label === 'regexp' || label === 'string' || label === 'name') note(token.start, token.end);
    else if (label === 'template' && NON_ASCII.test(source.slice(token.start, token.end))) {
      throw new Error(`${name}: a template literal holds a character beyond ASCII at ${token.start}: its escape would change the template's raw text`);
    }
  }
  escapable.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end] of escapable) {
    if (!NON_ASCII.test(source.slice(start, end))) continue;
    out +=
      source.slice(from, start) +
      source.slice(start, end).replace(new RegExp(NON_ASCII.source, 'g'), (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
    from = end;
  }
  out += source.slice(from);
  const left = NON_ASCII.exec(out);
  if (left !== null) throw new Error(`${name}: a character beyond ASCII outside any literal at ${left.index}`);
  return out;
}

/**
 * The file URL of an absolute, normalised path: a path of URL-safe characters is its own URL's path;
 * any other goes through `toUrl` (node:url's pathToFileURL, whose first call costs a start some
 * 0.3 ms). The loader holds this function's own source.
 */
export function fileUrlOf(file, toUrl) {
  return /^[A-Za-z0-9/._-]+$/.test(file) && !/\/\.\.?(\/|$)/.test(file) ? `file://${file}` : toUrl(file).href;
}

/** What a cache must start with to be used: the script's hash and the node that compiled it. */
export const keyOf = (name, source) => `${name}-code-cache/1 ${process.version} ${process.arch} ${createHash('sha256').update(source).digest('hex')}\n`;

/**
 * The script compiled as the loader compiles it (a cache is written from the same compilation).
 * It holds no import(): a script's would need vm's experimental loader option, whose warning a
 * user would see (the bundles are built with dynamic imports made require calls).
 */
export const compiled = (source, filename) => new Script(source, { filename });

/**
 * Runs `node builder --warm DIR` (the build script's own warm-up, which writes `cache`) in a
 * private temporary directory, with PATH alone of the environment, for at most WARM_DEADLINE_MS. A
 * missing cache costs start-up time only: said, not fatal.
 */
const WARM_DEADLINE_MS = 120_000;

export async function warmInChild(name, builder, cache) {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-bundle-'));
  const child = spawn(process.execPath, [builder, '--warm', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
    timeout: WARM_DEADLINE_MS,
    killSignal: 'SIGKILL',
  });
  let said = '';
  child.stderr.on('data', (chunk) => (said += chunk));
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? signal)));
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0 || !existsSync(cache)) process.stderr.write(`${name}: the code cache was not written (exit ${code}): it works, but starts slower\n${said}`);
}

/**
 * Bundles `entry` (with `options`, esbuild's, added) as the script a binary holds: a function of
 * (require, import.meta.url), strict as the ES modules it was made of, and its source map. The
 * opening takes the place of the shebang line, so that every line of the script stays the map's.
 */
export async function bundleScript(entry, out, options) {
  const result = await build({
    entryPoints: [entry],
    outfile: out,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'external',
    // Whitespace and comments only (names and syntax are kept): less to read and hash at every start.
    minifyWhitespace: !process.env.CTC_UNMINIFIED,
    logLevel: 'warning',
    ...options,
  });
  const js = result.outputFiles
    .find((f) => f.path === out)
    .text.replace(/^#!.*/, '')
    .replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  const map = result.outputFiles.find((f) => f.path === `${out}.map`).text;
  return { source: `(function (require, __ctcImportMetaUrl) {"use strict";${js}})\n//# sourceMappingURL=${basename(out)}.map\n`, map };
}

/**
 * The binary: the loader and the key its cache must carry; and the script, in a file of its own
 * beside the binary (FILE.script): node's loader then reads and compiles a few lines, not the
 * megabyte the script would be in the binary itself. The loader runs both as a CommonJS script
 * and as an ES module.
 *
 *   name     the binary's name, in its cache's key
 *   source   the script (bundleScript)
 *   file     the expression, in the loader, of the binary's own path
 *   later    node's modules the script gets only on first use (it reads their members at each use, import_x.member)
 *   instead  { when, run }: source text of a condition and of what the binary does instead of running
 *            the script when the condition holds (the same program by another way, for a start the
 *            script would make slower)
 *
 * The loader's first statement gives SIGUSR1 a listener (see the text), before the script is read.
 *
 * Returns the binary's text and the script file's (the script as the loader reads it back: a cache
 * is keyed and written from that text).
 */
export function binary({ name, source, file, later = [], instead }) {
  const script = asciiSource(name, source);
  const text = `#!/usr/bin/env node
// ${name}, bundled by scripts/cached-script.mjs: the script beside this file (FILE.script), compiled with the code cache beside it (FILE.cache) when it is the one this build wrote.
'use strict';
// First of all, before anything is read or compiled: SIGUSR1 with no listener opens node's inspector
// on 127.0.0.1:9229, through which any local user could run code as this process's user. The
// program installs its own handler as it starts (ctrd-sim: its stack dump; the CLI: a note); this
// one closes the moments before. (Node 20 has no --disable-sigusr1; a shebang cannot pass flags portably.)
process.on('SIGUSR1', () => {});
const builtin = process.getBuiltinModule ?? require;
const { readFileSync } = builtin('node:fs');
const { Script } = builtin('node:vm');
const KEY = ${JSON.stringify(keyOf(name, script))};
const file = ${file};
function runScript() {
// The script: FILE.script, ASCII text read as one-byte in one go.
const SOURCE = readFileSync(file + '.script', 'latin1');
let cachedData;
try {
  const cache = readFileSync(\`\${file}.cache\`);
  if (cache.subarray(0, KEY.length).toString('latin1') === KEY) cachedData = cache.subarray(KEY.length);
} catch {}
// Node's own modules straight from node; a package (an external of the bundle) through a require of
// the binary's place, made on first need: node:module alone, with the loaders it pulls in, costs a start some milliseconds.
let fromFile;
const load = (id) => builtin(id) ?? (fromFile ??= builtin('node:module').createRequire(file))(id);
const LATER = new Set(${JSON.stringify(later)});
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
${fileUrlOf}
const url = fileUrlOf(file, (path) => builtin('node:url').pathToFileURL(path));
script.runInThisContext()((id) => (LATER.has(id) ? later(id) : load(id)), url);
}
${instead === undefined ? 'runScript();' : `if (${instead.when}) ${instead.run};\nelse runScript();`}
`;
  return { text, script };
}
