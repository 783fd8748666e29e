import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SimError } from '../../simulator/errors.js';
import { parseArgv, resolveConfig, startSimulator } from '../../simulator/index.js';
import { HttpClient } from '../../suites/http/client.js';
import { parseEndpoint } from '../../suites/http/endpoint.js';
import { SpawnedDaemonTarget } from '../../suites/targets/spawned-daemon.js';
import { simDirFlags } from './in-process-sim.js';

/**
 * A start with a configuration, by a real daemon and by ctrd-sim emulating its release: refused
 * (its first line) or started (what `read` asks the daemon then), so a test compares the two.
 */

/** Flags and the file's document (null: no file). */
export interface StartConfiguration {
  readonly args: readonly string[];
  readonly file: Readonly<Record<string, unknown>> | null;
}

/** What a start came to: ['started', what `read` found] or ['refused', its line]. */
export type StartOutcome = readonly ['started', unknown] | readonly ['refused', string];

/** Where the file is said to be, in both sides' words. */
const FILE = '/etc/docker/daemon.json';

/** The refusals that list directives as Go walks a map, in no set order: their lists are sorted. */
const MAP_ORDERED_LISTS = /(don't match any configuration option: |specified both as a flag and in the configuration file: )(.*)$/;

/**
 * A start's refusal as one line: the product's words for the file, the file's path as FILE,
 * pflag's "Status:" and its help hint left out, a list in map order sorted.
 */
const refusalLine = (output: string): string =>
  (output.split('\n').find((line) => line !== '' && !line.startsWith('time=')) ?? '(no line)')
    .replace(/^Status: /, '')
    .replace(/with file \S+?daemon\.json:/, `with file ${FILE}:`)
    .replace(
      MAP_ORDERED_LISTS,
      (_, words: string, list: string) =>
        `${words}${list
          .split(/, (?=[a-z0-9-]+(?::|,|$))/)
          .sort()
          .join(', ')}`,
    );

/** The real daemon at `path` started with the configuration (the suites' safety flags), stopped after `read`. */
export async function realStartOutcome(path: string, config: StartConfiguration, read: (client: HttpClient) => Promise<unknown>): Promise<StartOutcome> {
  const outcome = await new SpawnedDaemonTarget({ spec: `daemon:${path}`, command: [path] }).start({
    args: [...config.args],
    ...(config.file === null ? {} : { config: { ...config.file } }),
  });
  if (!outcome.ok) return ['refused', refusalLine(outcome.output)];
  const client = new HttpClient(outcome.instance.endpoint);
  try {
    return ['started', await read(client)];
  } finally {
    client.close();
    await outcome.instance.stop();
  }
}

/** ctrd-sim in this process (--as-observed, Docker's words), as its command line reads the configuration and as it starts. */
export async function simStartOutcome(release: string, config: StartConfiguration, read: (client: HttpClient) => Promise<unknown>): Promise<StartOutcome> {
  const dir = mkdtempSync('/tmp/ctc-start-');
  try {
    const socket = join(dir, 's.sock');
    const text = config.file === null ? null : JSON.stringify(config.file);
    let sim: Awaited<ReturnType<typeof startSimulator>>;
    try {
      const configFile = text === null ? [] : ['--config-file', FILE];
      // The flags the real side's safety adds (suites/targets/process/safety.ts), so that a file's key meets the same flags.
      const safety = ['--bridge=none', '--iptables=false', '--ip-forward=false', '--ip6tables=false'];
      const flags = parseArgv(['--emulate', release, '--as-observed', '--brand', 'docker', ...config.args, ...safety, ...configFile, ...simDirFlags(dir)]);
      sim = await startSimulator(resolveConfig(flags, { env: {}, readFile: (path) => (path === FILE ? text : null) }));
    } catch (error) {
      if (error instanceof SimError) return ['refused', refusalLine(error.message)];
      throw error;
    }
    const client = new HttpClient(parseEndpoint(`unix://${socket}`, false));
    try {
      return ['started', await read(client)];
    } finally {
      client.close();
      await sim.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts `daemon` and ctrd-sim emulating its release with the file `file` alone; throws, naming both outcomes, when they differ. Returns the real one. */
export async function startsAlike(daemon: { readonly release: string; readonly path: string }, file: Readonly<Record<string, unknown>>): Promise<StartOutcome> {
  const config = { args: [], file };
  const started = async (): Promise<string> => 'started';
  const [real, sim] = await Promise.all([realStartOutcome(daemon.path, config, started), simStartOutcome(daemon.release, config, started)]);
  if (JSON.stringify(real) !== JSON.stringify(sim))
    throw new Error(`${JSON.stringify(file)}\n  dockerd ${daemon.release}: ${JSON.stringify(real)}\n  ctrd-sim: ${JSON.stringify(sim)}`);
  return real;
}
