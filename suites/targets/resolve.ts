import { accessSync, constants } from 'node:fs';
import { RELEASES } from '../../specs/versions.js';
import type { Profile } from '../profiles.js';
import { parseEndpoint, type TlsSettings } from '../http/endpoint.js';
import { ContainerSimTarget } from './container/container-sim-target.js';
import { releaseOf } from './facts.js';
import { InProcessSimTarget } from './in-process-sim.js';
import { LlamaServerTarget } from './llama-server/llama-server-target.js';
import { OpenAiTarget } from './openai-target.js';
import { PodmanTarget } from './podman/podman-target.js';
import { SIMULATOR_KINDS, targetKindOf, unknownTarget, type TargetKindName } from './registry.js';
import { ReplayTarget } from './replay-target.js';
import { RunningEndpointTarget } from './running-endpoint.js';
import { SIM_BIN } from './sim-bin.js';
import { emulatedRelease, parseSimSpec } from './sim-spec.js';
import { SpawnedDaemonTarget } from './spawned-daemon.js';
import { TargetError, type Target } from './target.js';
import { tlsFromEnvironment } from './tls-files.js';
import { readTranscript } from './transcript.js';

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

/** What the resolver hands a kind's maker: the spec as given, and what it was read into. */
interface SpelledTarget {
  readonly spec: string;
  /** What follows `<name>:` in the spec; empty for any other form. */
  readonly rest: string;
  readonly choice: TargetChoice;
  /** ctrd-sim's own start flags (--emulate, --brand) for a simulator kind; empty for any other. */
  readonly simulatorArgs: readonly string[];
}

/**
 * How each kind of the registry makes its targets, which start and stop what the kind runs (or,
 * for a target somebody else started, connect and disconnect); TARGET_SPEC on a malformed spec.
 */
const MAKE: { readonly [K in TargetKindName]: (spelled: SpelledTarget) => Target } = {
  // The embedded simulator waits 10 ms, 20 ms… between plugin lookups instead of dockerd's 1 s, 2 s…:
  // no rule times them, and the main job should not sit out 45 s of retries.
  sim: ({ spec, simulatorArgs }) => new InProcessSimTarget(spec, [...simulatorArgs, '--plugin-retry-ms', '10']),
  'sim-process': ({ spec, simulatorArgs }) =>
    new SpawnedDaemonTarget({ spec, command: [process.execPath, SIM_BIN], fixedArgs: simulatorArgs, modelRunner: true }),
  container: ({ spec, rest, simulatorArgs }) => {
    const engine = parseEndpoint(rest);
    if (engine.kind !== 'unix') throw new TargetError('TARGET_SPEC', 'container: the engine must be a unix socket (container:unix:///path/engine.sock)');
    return new ContainerSimTarget(spec, engine.path, simulatorArgs);
  },
  daemon: ({ spec, rest: path }) => {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      throw new TargetError('TARGET_SPEC', `${path} is not an executable file`);
    }
    return new SpawnedDaemonTarget({ spec, command: [path] });
  },
  podman: ({ spec }) => new PodmanTarget(spec),
  endpoint: ({ spec, rest, choice }) => {
    const env = choice.env ?? process.env;
    const address = rest || (choice.profile === undefined ? undefined : env[choice.profile.hostVariable]) || env['CTR_HOST'] || env['DOCKER_HOST'];
    if (address === undefined || address === '') {
      throw new TargetError('TARGET_SPEC', 'endpoint: no address given and neither CTR_HOST nor DOCKER_HOST is set');
    }
    const prefixes = [...(choice.profile === undefined ? [] : [choice.profile.names.envPrefix]), 'CTR_', 'DOCKER_'];
    const tls = choice.tls ?? (address.startsWith('unix:') ? undefined : tlsFromEnvironment(env, prefixes));
    return new RunningEndpointTarget(spec, address, choice.allowRemote ?? false, tls);
  },
  openai: ({ spec, rest: url, choice }) => {
    if (url === '') throw new TargetError('TARGET_SPEC', 'openai: no address given (openai:http://127.0.0.1:PORT/engines/v1)');
    return new OpenAiTarget(spec, url, choice.allowRemote ?? false, choice.tls);
  },
  'llama-server': ({ spec }) => new LlamaServerTarget(spec),
  replay: ({ spec, rest: file }) => new ReplayTarget(spec, readTranscript(file)),
};

/** ctrd-sim's own start flags for a simulator target: the release it emulates (from the spec or --emulate) and its brand. */
function simulatorArgs(spec: string, choice: TargetChoice): string[] {
  const sim = parseSimSpec(spec);
  const emulate = sim === null ? (choice.emulate ?? null) : emulatedRelease(sim, choice.emulate);
  return [...(emulate === null ? [] : ['--emulate', emulate]), '--brand', choice.profile?.name ?? 'ctr'];
}

/**
 * Whether a target spec names ctrd-sim (in this process, as a process, or in a container): the
 * targets that take its own flags. A malformed release after `sim@` is a TARGET_SPEC error.
 */
export function isSimulatorSpec(spec: string): boolean {
  if (targetKindOf(spec)?.simulator !== true) return false;
  parseSimSpec(spec);
  return true;
}

/** Turns a target spec into a Target: its kind looked up in the registry (registry.ts), then made by that kind. */
export function resolveTarget(spec: string, choice: TargetChoice): Target {
  if (choice.emulate !== undefined && releaseOf(choice.emulate) === null) {
    throw new TargetError(
      'TARGET_SPEC',
      `unknown release ${JSON.stringify(choice.emulate)} for --emulate (known: ${RELEASES.map((r) => r.release).join(', ')})`,
    );
  }
  const kind = targetKindOf(spec);
  const simulator = kind?.simulator === true;
  // A malformed sim@R is refused before --emulate is weighed.
  const args = simulator ? simulatorArgs(spec, choice) : [];
  if (!simulator && choice.emulate !== undefined) throw new TargetError('TARGET_SPEC', `--emulate applies to the simulator targets (${SIMULATOR_KINDS}) only`);
  if (kind === undefined) throw unknownTarget(spec);
  const rest = spec.startsWith(`${kind.name}:`) ? spec.slice(kind.name.length + 1) : '';
  return MAKE[kind.name]({ spec, rest, choice, simulatorArgs: args });
}
