import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import tar from 'tar-stream';
import { SIM_BIN } from '../sim-bin.js';

/** The files of the bundled ctrd-sim (sim-bin.ts): the loader, its script and the script's code cache. */
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
  for (const suffix of SIM_BUNDLE_FILES.filter((suffix) => suffix !== '.cache' || existsSync(`${SIM_BIN}${suffix}`)))
    pack.entry({ name: `${IMAGE_SIM_BIN.replace(/^\//, '')}${suffix}`, mode: 0o644 }, readFileSync(`${SIM_BIN}${suffix}`));
  pack.entry({ name: 'tmp', type: 'directory', mode: 0o1777 });
  pack.finalize();
  return pack;
}

/** Tag of the ctrd-sim image a container target imports: one per build of the simulator (read when a container target needs it). */
export const simImageTag = (): string => `build-${Math.floor(statSync(SIM_BIN).mtimeMs)}`;

/** The node binary's path inside the image (the same as on this machine). */
export const IMAGE_NODE = process.execPath;
export const IMAGE_SIM_BIN = '/app/dist/simulator/bin/ctrd-sim.js';
