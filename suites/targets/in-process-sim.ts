import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgv, processSources, resolveConfig, SimError, startSimulator } from '../../simulator/index.js';
import type { Endpoint } from '../http/endpoint.js';
import { safetyFlags } from './spawned-daemon.js';
import type { StartOutcome, StartRequest, Target } from './target.js';
import { makeRunDir, removeRunDir } from './temp-dir.js';

/** The simulator in this process: the fast path for suites, with the daemon's exact code. */
export class InProcessSimTarget implements Target {
  readonly kind = 'in-process';
  readonly configurable = true;
  readonly wire = true;

  constructor(
    readonly spec: string,
    private readonly fixedArgs: readonly string[],
  ) {}

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    const dir = makeRunDir();
    writeFileSync(join(dir, 'daemon.json'), JSON.stringify(request.config ?? {}));
    try {
      const flags = parseArgv([...safetyFlags(dir, true), ...this.fixedArgs, ...(request.args ?? [])]);
      // Only the requested environment: the runner's own CTR_* variables must not reach the daemon.
      const env = { ...request.env };
      const daemon = await startSimulator(resolveConfig(flags, { env, readFile: processSources().readFile }), { env });
      const endpoint: Endpoint = { kind: 'unix', path: join(dir, 'd.sock') };
      return {
        ok: true,
        instance: {
          endpoint,
          output: () => '',
          stop: async () => {
            await daemon.close();
            removeRunDir(dir);
          },
        },
      };
    } catch (error) {
      removeRunDir(dir);
      if (error instanceof SimError) return { ok: false, exitCode: 1, output: `${error.message}\n` };
      throw error;
    }
  }
}
