import { lineLogger, processSources, runCommandLine, SimError, startSimulator } from '../../simulator/index.js';
import type { Endpoint } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { writeConfigFile } from './config-file.js';
import { makeInstance } from './instance.js';
import { LogBuffer } from './log-buffer.js';
import { safetyFlags, socketIn } from './process/safety.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from './target.js';
import { registerRunDir } from './process/live-processes.js';
import { makeRunDir, removeRunDir } from './temp-dir.js';
import { MODEL_RUNNER_ARGS, modelRunnerEndpoints } from './model-runner-endpoints.js';

/** The simulator in this process: the fast path for suites, with the daemon's exact code. */
export class InProcessSimTarget implements Target {
  readonly kind = 'in-process';
  readonly capabilities = CAPABILITIES_OF.inProcess;
  readonly surfaces = SURFACES_OF.simulator;

  constructor(
    readonly spec: string,
    readonly simulatorArgs: readonly string[],
  ) {}

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    const dir = makeRunDir({ inMemory: true });
    const release = registerRunDir(dir);
    writeConfigFile(dir, request.config);
    return this.launchOrClean(dir, request, new LogBuffer(), release);
  }

  /** Launches on `dir`; a start that fails or throws removes the directory and lets it go. */
  private async launchOrClean(dir: string, request: StartRequest, log: LogBuffer, release: () => void): Promise<StartOutcome> {
    const clean = (): void => {
      release();
      removeRunDir(dir);
    };
    const outcome = await this.launch(dir, request, log, release).catch((error: unknown) => {
      clean();
      throw error;
    });
    if (!outcome.ok) clean();
    return outcome;
  }

  /** Starts the simulator on `dir` (its configuration file already written); `log` survives restarts. */
  private async launch(dir: string, request: StartRequest, log: LogBuffer, release: () => void): Promise<StartOutcome> {
    // Only the requested environment: the runner's own CTR_* variables must not reach the daemon.
    const env = { ...request.env };
    const sources = { ...processSources(), env };
    const from = log.mark();
    try {
      if (request.umask !== undefined)
        throw new TargetError('TARGET_NOT_CAPABLE', `${this.spec} cannot start under a umask of its own (it lacks the capability "umask")`);
      if (request.netns !== undefined)
        throw new TargetError('TARGET_NOT_CAPABLE', `${this.spec} cannot start in a network namespace (it lacks the capability "netns")`);
      const pluginArgs = request.pluginDir === undefined ? [] : ['--plugin-dir', request.pluginDir];
      const outcome = runCommandLine([...safetyFlags(dir, true), ...MODEL_RUNNER_ARGS, ...pluginArgs, ...this.simulatorArgs, ...(request.args ?? [])], sources);
      if (outcome.kind === 'exit') return { ok: false, exitCode: outcome.code, output: `${log.since(from)}${outcome.stdout}${outcome.stderr}` };
      // The simulator's own log lines (structured fields included), as ctrd-sim writes them to stderr.
      const daemon = await startSimulator(outcome.config, { env, sources, logger: lineLogger((line) => log.append(line)) });
      const endpoint: Endpoint = { kind: 'unix', path: socketIn(dir) };
      const runner = modelRunnerEndpoints(
        endpoint,
        daemon.modelRunnerTcp === null ? null : { tcp: daemon.modelRunnerTcp, defaultEngine: daemon.modelRunnerEngine },
      );
      let closed: Promise<void> | undefined;
      const close = (): Promise<void> => (closed ??= daemon.close());
      return {
        ok: true,
        instance: makeInstance(this.spec, {
          endpoints: { daemon: endpoint, ...runner, listeners: [endpoint] },
          log,
          writeConfig: async (next) => writeConfigFile(dir, next),
          // As SIGHUP does in the process: the reload log lines, then the reload.
          reload: () => daemon.signal('SIGHUP'),
          restart: async (next) => {
            await close();
            if (next?.config !== undefined) writeConfigFile(dir, next.config);
            return this.launchOrClean(dir, next ?? request, log, release);
          },
          stop: async () => {
            await close();
            release();
            removeRunDir(dir);
          },
        }),
      };
    } catch (error) {
      if (error instanceof SimError) return { ok: false, exitCode: 1, output: `${log.since(from)}${error.message}\n` };
      throw error;
    }
  }
}
