import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RELEASES } from '../../specs/versions.js';
import type { Profile } from '../profiles.js';
import { releaseOf } from './facts.js';
import { InProcessSimTarget } from './in-process-sim.js';
import { parseEndpoint, type TlsSettings } from '../http/endpoint.js';
import { ContainerSimTarget } from './container/container-sim-target.js';
import { LlamaServerTarget } from './llama-server/llama-server-target.js';
import { OpenAiTarget } from './openai-target.js';
import { ReplayTarget } from './replay-target.js';
import { emulatedRelease, parseSimSpec } from './sim-spec.js';
import { RunningEndpointTarget } from './running-endpoint.js';
import { readTranscript } from './transcript.js';
import { SpawnedDaemonTarget } from './spawned-daemon.js';
import { PodmanTarget } from './podman/podman-target.js';
import { TargetError, type Target } from './target.js';
import { tlsFromEnvironment } from './tls-files.js';

export interface TargetChoice {
  /** The brand the simulator takes and whose host variable an endpoint reads first; default ctr. */
  readonly profile?: Profile;
  /** Release the simulator emulates (sim targets only). */
  readonly emulate?: string;
  readonly allowRemote?: boolean;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Client TLS settings for an endpoint or openai target. Without them, an endpoint reads
   * CTR_TLS_VERIFY / DOCKER_TLS_VERIFY and the certificates in *_CERT_PATH as the docker CLI does.
   */
  readonly tls?: TlsSettings;
}

/** Tag of the ctrd-sim image a container target imports: one per build of the simulator. */
const TOOL_IMAGE_TAG = `build-${Math.floor(statSync(fileURLToPath(new URL('../../simulator/bin/ctrd-sim.js', import.meta.url))).mtimeMs)}`;

export const SIM_BIN = fileURLToPath(new URL('../../simulator/bin/ctrd-sim.js', import.meta.url));

/** Turns `sim[@R]`, `sim-process[@R]`, `container:ENGINE`, `daemon:PATH`, `podman[@R|:PATH]`, `endpoint:URL`, `openai:URL`, `llama-server` or `replay:FILE` into a Target. */
export function resolveTarget(spec: string, choice: TargetChoice): Target {
  if (choice.emulate !== undefined && releaseOf(choice.emulate) === null) {
    throw new TargetError(
      'TARGET_SPEC',
      `unknown release ${JSON.stringify(choice.emulate)} for --emulate (known: ${RELEASES.map((r) => r.release).join(', ')})`,
    );
  }
  const sim = parseSimSpec(spec);
  const emulate = sim === null ? (choice.emulate ?? null) : emulatedRelease(sim, choice.emulate);
  const simArgs = [...(emulate === null ? [] : ['--emulate', emulate]), '--brand', choice.profile?.name ?? 'ctr'];
  // The embedded simulator waits 10 ms, 20 ms… between plugin lookups instead of dockerd's 1 s, 2 s…:
  // no rule times them, and the main job should not sit out 45 s of retries.
  if (sim?.base === 'sim') return new InProcessSimTarget(spec, [...simArgs, '--plugin-retry-ms', '10']);
  if (spec.startsWith('container:')) {
    const engine = parseEndpoint(spec.slice('container:'.length));
    if (engine.kind !== 'unix') throw new TargetError('TARGET_SPEC', 'container: the engine must be a unix socket (container:unix:///path/engine.sock)');
    return new ContainerSimTarget(spec, engine.path, simArgs, TOOL_IMAGE_TAG);
  }
  if (sim?.base === 'sim-process') return new SpawnedDaemonTarget({ spec, command: [process.execPath, SIM_BIN], fixedArgs: simArgs, modelRunner: true });
  if (choice.emulate !== undefined) throw new TargetError('TARGET_SPEC', '--emulate applies to the simulator targets (sim, sim-process, container) only');
  if (spec.startsWith('daemon:')) {
    const path = spec.slice('daemon:'.length);
    try {
      accessSync(path, constants.X_OK);
    } catch {
      throw new TargetError('TARGET_SPEC', `${path} is not an executable file`);
    }
    return new SpawnedDaemonTarget({ spec, command: [path] });
  }
  // Podman's Docker-compatible service, started by the suite (podman:PATH, podman@R the provisioned release R, or the first provisioned one).
  if (spec === 'podman' || spec.startsWith('podman:') || spec.startsWith('podman@')) return new PodmanTarget(spec);
  if (spec === 'endpoint' || spec.startsWith('endpoint:')) {
    const env = choice.env ?? process.env;
    const address =
      spec.slice('endpoint:'.length) || (choice.profile === undefined ? undefined : env[choice.profile.hostVariable]) || env['CTR_HOST'] || env['DOCKER_HOST'];
    if (address === undefined || address === '') {
      throw new TargetError('TARGET_SPEC', 'endpoint: no address given and neither CTR_HOST nor DOCKER_HOST is set');
    }
    const prefixes = [...(choice.profile === undefined ? [] : [choice.profile.names.envPrefix]), 'CTR_', 'DOCKER_'];
    const tls = choice.tls ?? (address.startsWith('unix:') ? undefined : tlsFromEnvironment(env, prefixes));
    return new RunningEndpointTarget(spec, address, choice.allowRemote ?? false, tls);
  }
  if (spec.startsWith('openai:')) {
    const url = spec.slice('openai:'.length);
    if (url === '') throw new TargetError('TARGET_SPEC', 'openai: no address given (openai:http://127.0.0.1:PORT/engines/v1)');
    return new OpenAiTarget(spec, url, choice.allowRemote ?? false, choice.tls);
  }
  // llama.cpp's llama-server from scripts/provision-llama.sh's root, started by the suite.
  if (spec === 'llama-server') return new LlamaServerTarget(spec);
  if (spec.startsWith('replay:')) return new ReplayTarget(spec, readTranscript(spec.slice('replay:'.length)));
  throw new TargetError(
    'TARGET_SPEC',
    `unknown target ${JSON.stringify(spec)}: expected sim[@R], sim-process[@R], container:ENGINE, daemon:PATH, podman[@R|:PATH], endpoint:URL, openai:URL, llama-server or replay:FILE`,
  );
}
