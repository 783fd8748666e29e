import type { Endpoint } from '../../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from '../capabilities.js';
import { writeConfigFile } from '../config-file.js';
import { makeInstance } from '../instance.js';
import { LogBuffer } from '../log-buffer.js';
import { safetyFlags, socketIn } from '../process/safety.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from '../target.js';
import { registerRunDir } from '../process/live-processes.js';
import { makeRunDir, removeRunDir } from '../temp-dir.js';
import { IMAGE_NODE, IMAGE_SIM_BIN, simImageTag, simImageTar } from './sim-image.js';

const MOUNT = '/run/ctc';

/** dockerode, loaded when a container target first needs it (it is slow to load, and most runs never do). */
async function engineClient(socketPath: string) {
  const { default: Dockerode } = await import('dockerode');
  return new Dockerode({ socketPath });
}
/**
 * ctrd-sim in a container, started through testcontainers on a container engine the caller names
 * (`container:unix:///path/to/engine.sock`). Its socket is in a bind-mounted private directory;
 * the container has no network.
 */
export class ContainerSimTarget implements Target {
  readonly kind = 'container';
  readonly capabilities = CAPABILITIES_OF.container;
  readonly surfaces = SURFACES_OF.started;
  private image: Promise<string> | undefined;

  constructor(
    readonly spec: string,
    private readonly engineSocket: string,
    readonly simulatorArgs: readonly string[],
  ) {}

  /** Imports the simulator image into the engine once. */
  private ensureImage(): Promise<string> {
    this.image ??= (async () => {
      const docker = await engineClient(this.engineSocket);
      const tag = simImageTag();
      const name = `ctrd-sim:${tag}`;
      const existing = await docker.listImages({ filters: { reference: [name] } });
      if (existing.length > 0) return name;
      const stream = await docker.importImage(simImageTar() as unknown as NodeJS.ReadableStream, { repo: 'ctrd-sim', tag });
      await new Promise<void>((resolve, reject) => docker.modem.followProgress(stream, (error: Error | null) => (error ? reject(error) : resolve())));
      return name;
    })();
    return this.image;
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    // testcontainers reads its engine from the environment; the reaper image (ryuk) would need a
    // registry, and this target stops its containers itself.
    process.env['DOCKER_HOST'] = `unix://${this.engineSocket}`;
    process.env['TESTCONTAINERS_RYUK_DISABLED'] = 'true';
    // Without it testcontainers looks for the engine's "bridge" network, which a safe engine
    // (--bridge=none) does not have; no traffic goes to this host: the socket is bind-mounted.
    process.env['TESTCONTAINERS_HOST_OVERRIDE'] = 'localhost';
    let image: string;
    try {
      image = await this.ensureImage();
    } catch (error) {
      throw new TargetError('TARGET_START', `cannot import the ctrd-sim image into ${this.engineSocket}: ${(error as Error).message}`);
    }
    const dir = makeRunDir();
    // Removed at exit if a run ends abruptly (the container itself has no process here to kill).
    const release = registerRunDir(dir);
    writeConfigFile(dir, request.config);
    return this.launch(image, dir, request, new LogBuffer(), release);
  }

  /** Runs a container on `dir` (its configuration file written); on failure the directory is removed. */
  private async launch(image: string, dir: string, request: StartRequest, log: LogBuffer, release: () => void): Promise<StartOutcome> {
    const { GenericContainer, Wait } = await import('testcontainers');
    // The same private layout as every other target, seen from inside the container.
    const flags = safetyFlags(MOUNT, true).map((flag) =>
      flag.startsWith(`${MOUNT}/data`) || flag.startsWith(`${MOUNT}/exec`) ? flag.replace(MOUNT, '/var/lib/ctc') : flag,
    );
    const from = log.mark();
    try {
      const container = await new GenericContainer(image)
        .withLabels({ 'ctr-conformance.run': dir })
        .withLogConsumer((stream) => stream.on('data', (chunk: Buffer | string) => log.append(chunk)))
        .withCommand([IMAGE_NODE, IMAGE_SIM_BIN, ...flags, ...this.simulatorArgs, ...(request.args ?? [])])
        .withEnvironment({ ...request.env })
        .withBindMounts([{ source: dir, target: MOUNT, mode: 'rw' }])
        .withNetworkMode('none')
        .withWaitStrategy(Wait.forLogMessage(/Daemon has completed initialization/))
        .withStartupTimeout(30_000)
        .start();
      const endpoint: Endpoint = { kind: 'unix', path: socketIn(dir) };
      let stopped: Promise<unknown> | undefined;
      const stopContainer = (): Promise<unknown> => (stopped ??= container.stop({ timeout: 10_000 }));
      return {
        ok: true,
        instance: makeInstance(this.spec, {
          endpoints: { daemon: endpoint, listeners: [endpoint] },
          log,
          writeConfig: async (config) => writeConfigFile(dir, config),
          // The file is on the bind mount; the signal goes through the engine, to the container's first process (ctrd-sim).
          reload: async () => {
            await (await engineClient(this.engineSocket)).getContainer(container.getId()).kill({ signal: 'SIGHUP' });
          },
          restart: async (next) => {
            await stopContainer();
            if (next?.config !== undefined) writeConfigFile(dir, next.config);
            return this.launch(image, dir, next ?? request, log, release);
          },
          stop: async () => {
            await stopContainer();
            release();
            removeRunDir(dir);
          },
        }),
      };
    } catch (error) {
      release();
      removeRunDir(dir);
      // testcontainers removes a container that never came up; what it printed was streamed here.
      return { ok: false, exitCode: null, output: `${log.since(from)}${(error as Error).message}\n` };
    }
  }
}
