// What the bundled binaries (ctrd-sim: scripts/bundle-sim.mjs; ctr-conformance: scripts/bundle-cli.mjs)
// share: a small loader (the binary), and the bundle as a script held in a comment in a file beside
// it (FILE.script), which V8 compiles with the code cache the build writes beside both (FILE.cache)
// when the cache's key matches.
//
// Why a comment: the script file stays a valid script that does nothing, should anything load it.
// What the comment cannot hold as it is, the script's own `*\/` (a regular expression's, a string's),
// and any character beyond ASCII (so that the file is read as one-byte text, which V8 hashes and
// compiles faster than two-byte), is written as an escape of one UTF-16 unit (the `/` of `*\/`, the
// character), read back at start.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Script } from 'node:vm';
import { build } from 'esbuild';

/** The marks and escape prefix of the binary named `name` (e.g. ctrd-sim). */
function marks(name) {
  return { open: `/*${name}-script\n`, close: `\n${name}-script*/\n`, prefix: `\\${name}-` };
}

const escapeOf = (prefix, unit) => `${prefix}${unit.charCodeAt(0).toString(16).padStart(4, '0')}\\`;
/**
 * The text between the marks with its escapes read back. The loader holds this function's own
 * source: the build reads a binary back as every start does. Split on the prefix (the script
 * holds none of its own) rather than a regular expression: a few escapes in megabytes are found
 * at memchr speed.
 */
function unescaped(text, open, close, prefix) {
  const parts = text.slice(text.indexOf(open) + open.length, text.lastIndexOf(close)).split(prefix);
  let source = parts[0];
  for (let i = 1; i < parts.length; i++) source += String.fromCharCode(parseInt(parts[i].slice(0, 4), 16)) + parts[i].slice(5);
  return source;
}

/** The script a binary holds, as its loader reads it back. */
export function scriptOf(name, text) {
  const { open, close, prefix } = marks(name);
  return unescaped(text, open, close, prefix);
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
 * megabyte of comment the script would be in the binary itself. The loader runs both as a
 * CommonJS script and as an ES module.
 *
 *   name     the binary's name, in its marks and its cache's key
 *   source   the script (bundleScript)
 *   file     the expression, in the loader, of the binary's own path
 *   later    node's modules the script gets only on first use (it reads their members at each use, import_x.member)
 *   instead  { when, run }: source text of a condition and of what the binary does instead of running
 *            the script when the condition holds (the same program by another way, for a start the
 *            script would make slower)

 * Returns the binary's text and the script file's.
 */
export function binary({ name, source, file, later = [], instead }) {
  const { open, close, prefix } = marks(name);
  for (const mark of [open, close, prefix]) if (source.includes(mark)) throw new Error(`${name}: the script holds the mark ${JSON.stringify(mark)}`);
  const held = source.replace(/\*\/|[\u0080-\uffff]/g, (found) => (found === '*/' ? `*${escapeOf(prefix, '/')}` : escapeOf(prefix, found)));
  const text = `#!/usr/bin/env node
// ${name}, bundled by scripts/cached-script.mjs: the script beside this file (FILE.script), compiled with the code cache beside it (FILE.cache) when it is the one this build wrote.
'use strict';
const builtin = process.getBuiltinModule ?? require;
const { readFileSync } = builtin('node:fs');
const { pathToFileURL } = builtin('node:url');
const { Script } = builtin('node:vm');
const KEY = ${JSON.stringify(keyOf(name, source))};
const file = ${file};
function runScript() {
// The script: the comment FILE.script holds (its \`*/\` and its characters beyond ASCII escaped).
const text = readFileSync(file + '.script', 'latin1');
${unescaped}
const SOURCE = unescaped(text, ${JSON.stringify(open)}, ${JSON.stringify(close)}, ${JSON.stringify(prefix)});
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
script.runInThisContext()((id) => (LATER.has(id) ? later(id) : load(id)), pathToFileURL(file).href);
}
${instead === undefined ? 'runScript();' : `if (${instead.when}) ${instead.run};\nelse runScript();`}
`;
  const comment = `${open}${held}${close}`;
  if (scriptOf(name, comment) !== source) throw new Error(`${name}: the binary does not give back its script`);
  return { text, script: comment };
}
