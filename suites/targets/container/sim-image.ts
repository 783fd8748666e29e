import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import tar from 'tar-stream';

/** Where the compiled project lives (dist/), and the parts of it the simulator needs. */
const DIST = fileURLToPath(new URL('../../../', import.meta.url));
const SIM_TREES = ['simulator', 'specs', 'common'];

/** The shared libraries this node binary loads, as ldd prints them (absolute paths). */
function sharedLibraries(binary: string): string[] {
  const ldd = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (ldd.status !== 0) throw new Error(`ldd ${binary} failed: ${ldd.stderr}`);
  return [...ldd.stdout.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)].map((m) => m[1]!);
}

function* filesBelow(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesBelow(path);
    else if (name.endsWith('.js')) yield path;
  }
}

/**
 * A root file system holding this machine's node (with its libraries) and the compiled
 * simulator: ctrd-sim needs nothing else, not even node_modules. Imported into an engine with
 * `POST /images/create?fromSrc=-`, so no registry is involved.
 */
export function simImageTar(): tar.Pack {
  const pack = tar.pack();
  const node = process.execPath;
  for (const file of [node, ...sharedLibraries(node)]) {
    pack.entry({ name: file.replace(/^\//, ''), mode: 0o755 }, readFileSync(file));
  }
  pack.entry({ name: 'app/package.json', mode: 0o644 }, JSON.stringify({ type: 'module' }));
  for (const tree of SIM_TREES) {
    for (const file of filesBelow(join(DIST, tree))) {
      pack.entry({ name: `app/dist/${relative(DIST, file)}`, mode: 0o644 }, readFileSync(file));
    }
  }
  pack.entry({ name: 'tmp', type: 'directory', mode: 0o1777 });
  pack.finalize();
  return pack;
}

/** The node binary's path inside the image (the same as on this machine). */
export const IMAGE_NODE = process.execPath;
export const IMAGE_SIM_BIN = '/app/dist/simulator/bin/ctrd-sim.js';
