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
 * testcontainers, bound to the engine at `engineSocket`. testcontainers 11 has no engine per
 * container: `GenericContainer.start`, its wait strategies and a started container's `stop` all
 * take the one client `getContainerRuntimeClient()` makes on its first call, from DOCKER_HOST (or
 * ~/.testcontainers.properties), and keeps for the life of the process. So the engine is named in
 * the environment only while that client is made (and the variables put back after), and every
 * start checks that the client kept talks to this target's engine: a second, different engine in
 * one process is refused by name rather than silently served by the first.
 */
export async function testcontainersOn(engineSocket: string): Promise<typeof import('testcontainers')> {
  const testcontainers = await import('testcontainers');
  const client = await withEnvironment(
    // Without the host override testcontainers looks for the engine's "bridge" network, which a
    // safe engine (--bridge=none) does not have; no traffic goes to this host: the socket is bind-mounted.
    { DOCKER_HOST: `unix://${engineSocket}`, TESTCONTAINERS_HOST_OVERRIDE: 'localhost' },
    () => testcontainers.getContainerRuntimeClient(),
  ).catch((error: unknown) => {
    throw new TargetError('TARGET_START', `testcontainers cannot use the engine at ${engineSocket}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const kept = (client.container.dockerode.modem as { socketPath?: unknown }).socketPath;
  if (kept !== engineSocket) {
    throw new TargetError(
      'TARGET_START',
      `container:unix://${engineSocket}: this process already runs its containers on ${typeof kept === 'string' ? `unix://${kept}` : 'another engine'} (testcontainers keeps one engine per process): run the targets of another engine in a process of their own`,
    );
  }
  return testcontainers;
}

/** Runs `make` with these environment variables set, and puts back each one it set that nobody changed since. */
async function withEnvironment<T>(variables: Readonly<Record<string, string>>, make: () => Promise<T>): Promise<T> {
  const before = Object.entries(variables).map(([name, value]) => ({ name, value, was: process.env[name] }));
  for (const { name, value } of before) process.env[name] = value;
  try {
    return await make();
  } finally {
    for (const { name, value, was } of before) {
      if (process.env[name] !== value) continue;
      if (was === undefined) delete process.env[name];
      else process.env[name] = was;
    }
  }
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
    let image: string;
    try {
      image = await this.ensureImage();
    } catch (error) {
      throw new TargetError('TARGET_START', `cannot import the ctrd-sim image into ${this.engineSocket}: ${(error as Error).message}`);
    }
    // Before anything is made: a process whose containers run on another engine cannot start this one.
    await testcontainersOn(this.engineSocket);
    const dir = makeRunDir();
    // Removed at exit if a run ends abruptly (the container itself has no process here to kill).
    const release = registerRunDir(dir);
    writeConfigFile(dir, request.config);
    return this.launch(image, dir, request, new LogBuffer(), release);
  }

  /** Runs a container on `dir` (its configuration file written); on failure the directory is removed. */
  private async launch(image: string, dir: string, request: StartRequest, log: LogBuffer, release: () => void): Promise<StartOutcome> {
    // The same private layout as every other target, seen from inside the container.
    const flags = safetyFlags(MOUNT, true).map((flag) =>
      flag.startsWith(`${MOUNT}/data`) || flag.startsWith(`${MOUNT}/exec`) ? flag.replace(MOUNT, '/var/lib/ctc') : flag,
    );
    const from = log.mark();
    try {
      const { GenericContainer, Wait } = await testcontainersOn(this.engineSocket);
      const container = await new GenericContainer(image)
        .withLabels({ 'ctr-conformance.run': dir })
        // No reaper (ryuk): its image would need a registry, and this target stops its containers itself.
        .withAutoCleanup(false)
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
