import type { Endpoint } from '../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { writeConfigFile } from './config-file.js';
import { makeInstance } from './instance.js';
import { LogBuffer } from './log-buffer.js';
import { DaemonProcess, exitNumber } from './process/daemon-process.js';
import { daemonEnvironment, knowsIp6tables, safetyFlags, socketIn } from './process/safety.js';
import type { StartOutcome, StartRequest, Target } from './target.js';
import { makeRunDir, removeRunDir } from './temp-dir.js';

export { daemonEnvironment, knowsIp6tables, safetyFlags } from './process/safety.js';

export interface SpawnedDaemonOptions {
  readonly spec: string;
  /** Executable and the arguments that come before the daemon flags (e.g. node + script). */
  readonly command: readonly string[];
  /** Flags every start gets after the safety flags (e.g. --emulate for the simulator). */
  readonly fixedArgs?: readonly string[];
  readonly startTimeoutMs?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const DEFAULT_START_TIMEOUT_MS = 60_000;

/** A daemon binary started for each request: ctrd-sim or any dockerd-compatible binary. */
export class SpawnedDaemonTarget implements Target {
  readonly kind = 'process';
  readonly capabilities = CAPABILITIES_OF.process;
  readonly surfaces = SURFACES_OF.started;
  readonly spec: string;

  constructor(private readonly options: SpawnedDaemonOptions) {
    this.spec = options.spec;
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    const dir = makeRunDir();
    writeConfigFile(dir, request.config);
    return this.launch(dir, request, new LogBuffer());
  }

  /** Starts the daemon on `dir` (its configuration file written); on failure the directory is removed. */
  private async launch(dir: string, request: StartRequest, log: LogBuffer): Promise<StartOutcome> {
    const { command } = this.options;
    const timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const from = log.mark();
    const daemon = DaemonProcess.spawn({
      command,
      args: [...safetyFlags(dir, knowsIp6tables(command)), ...(this.options.fixedArgs ?? []), ...(request.args ?? [])],
      dir,
      env: { ...daemonEnvironment(), ...this.options.env, ...request.env },
      log,
    });
    const endpoint: Endpoint = { kind: 'unix', path: socketIn(dir) };
    const ready = await daemon.waitReady(endpoint, { timeoutMs });
    if (ready !== 'ready') {
      if (ready === 'timeout') log.append(`\n[ctr-conformance] no /_ping answer within ${timeoutMs} ms\n`);
      await daemon.dispose();
      const status = daemon.exitStatus;
      return { ok: false, exitCode: ready === 'timeout' || status === undefined ? null : exitNumber(status), output: log.since(from) };
    }
    return {
      ok: true,
      instance: makeInstance(this.spec, {
        endpoints: { daemon: endpoint, listeners: [endpoint] },
        ...(daemon.pid === undefined ? {} : { pid: daemon.pid }),
        log,
        writeConfig: async (config) => writeConfigFile(dir, config),
        signal: async (name) => daemon.signal(name),
        reload: async () => daemon.reload(),
        kill: async () => exitNumber(await daemon.kill()),
        restart: async (next) => {
          await daemon.handOver({ awaitReaping: true });
          if (next?.config !== undefined) writeConfigFile(dir, next.config);
          try {
            return await this.launch(dir, next ?? request, log);
          } catch (error) {
            removeRunDir(dir);
            throw error;
          }
        },
        stop: () => daemon.dispose(),
      }),
    };
  }
}
