import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import tar from 'tar-stream';

/** Where the compiled project lives (dist/), and the parts of it the simulator needs. */
const DIST = fileURLToPath(new URL('../../../', import.meta.url));
const SIM_TREES = ['simulator', 'specs', 'common'];
/** The project's node_modules, where the simulator's own dependencies are found. */
const NODE_MODULES = join(DIST, '..', 'node_modules');

/** The shared libraries this node binary loads, as ldd prints them (absolute paths). */
function sharedLibraries(binary: string): string[] {
  const ldd = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (ldd.status !== 0) throw new Error(`ldd ${binary} failed: ${ldd.stderr}`);
  return [...ldd.stdout.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)].map((m) => m[1]!);
}

function* filesBelow(dir: string, keep: (name: string) => boolean = (name) => name.endsWith('.js')): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesBelow(path, keep);
    else if (keep(name)) yield path;
  }
}

/** Package names (not node: built-ins, not relative paths) that the compiled files import. */
function packagesImported(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"./][^'"]*)['"]/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

/** Where node would find package `name` from `fromDir`: its node_modules, then each parent's. */
function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir || !dir.startsWith(dirname(NODE_MODULES))) break;
  }
  throw new Error(`the simulator needs the package ${name}, which is not installed (npm ci)`);
}

/** The directories of `names` and of everything they depend on, found as node would. */
function packageClosure(names: Iterable<string>): string[] {
  const found = new Set<string>();
  const visit = (name: string, fromDir: string): void => {
    const dir = packageDir(name, fromDir);
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of names) visit(name, dirname(NODE_MODULES));
  return [...found];
}

/**
 * A root file system holding this machine's node (with its libraries), the compiled simulator
 * and the packages it imports (with their dependencies), nothing else. Imported into an engine with
 * `POST /images/create?fromSrc=-`, so no registry is involved.
 */
export function simImageTar(): tar.Pack {
  const pack = tar.pack();
  const node = process.execPath;
  for (const file of [node, ...sharedLibraries(node)]) {
    pack.entry({ name: file.replace(/^\//, ''), mode: 0o755 }, readFileSync(file));
  }
  pack.entry({ name: 'app/package.json', mode: 0o644 }, JSON.stringify({ type: 'module' }));
  const files = SIM_TREES.flatMap((tree) => [...filesBelow(join(DIST, tree))]);
  for (const file of files) pack.entry({ name: `app/dist/${relative(DIST, file)}`, mode: 0o644 }, readFileSync(file));
  // The packages the simulator imports (and theirs), at the same place relative to dist/.
  const root = dirname(NODE_MODULES);
  for (const dir of packageClosure(packagesImported(files))) {
    for (const file of filesBelow(dir, () => true)) pack.entry({ name: `app/${relative(root, file)}`, mode: 0o644 }, readFileSync(file));
  }
  pack.entry({ name: 'tmp', type: 'directory', mode: 0o1777 });
  pack.finalize();
  return pack;
}

/** The node binary's path inside the image (the same as on this machine). */
export const IMAGE_NODE = process.execPath;
export const IMAGE_SIM_BIN = '/app/dist/simulator/bin/ctrd-sim.js';
