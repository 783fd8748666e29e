import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tar from 'tar-stream';

/**
 * The ctrd-sim binary as the build bundles it (scripts/bundle-sim.mjs): a loader, the script beside
 * it holding the simulator and what it imports (FILE.script), and that script's code cache (FILE.cache).
 */
const SIM_BUNDLE = fileURLToPath(new URL('../../../simulator/bin/ctrd-sim.js', import.meta.url));
const SIM_BUNDLE_FILES = ['', '.script', '.cache'] as const;

/** The shared libraries this node binary loads, as ldd prints them (absolute paths). */
function sharedLibraries(binary: string): string[] {
  const ldd = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (ldd.status !== 0) throw new Error(`ldd ${binary} failed: ${ldd.stderr}`);
  return [...ldd.stdout.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)].map((m) => m[1]!);
}

/**
 * A root file system holding this machine's node (with its libraries) and the bundled ctrd-sim
 * (scripts/bundle-sim.mjs), nothing else. Imported into an engine with
 * `POST /images/create?fromSrc=-`, so no registry is involved.
 */
export function simImageTar(): tar.Pack {
  const pack = tar.pack();
  const node = process.execPath;
  for (const file of [node, ...sharedLibraries(node)]) {
    pack.entry({ name: file.replace(/^\//, ''), mode: 0o755 }, readFileSync(file));
  }
  pack.entry({ name: 'app/package.json', mode: 0o644 }, JSON.stringify({ type: 'module' }));
  // The code cache is optional (a build whose warm-up failed has none): the image then starts slower, as the binary does.
  for (const suffix of SIM_BUNDLE_FILES.filter((suffix) => suffix !== '.cache' || existsSync(`${SIM_BUNDLE}${suffix}`)))
    pack.entry({ name: `${IMAGE_SIM_BIN.replace(/^\//, '')}${suffix}`, mode: 0o644 }, readFileSync(`${SIM_BUNDLE}${suffix}`));
  pack.entry({ name: 'tmp', type: 'directory', mode: 0o1777 });
  pack.finalize();
  return pack;
}

/** The node binary's path inside the image (the same as on this machine). */
export const IMAGE_NODE = process.execPath;
export const IMAGE_SIM_BIN = '/app/dist/simulator/bin/ctrd-sim.js';
