export type { Target, TargetInstance, TargetKind, InstanceEndpoints, StartOutcome, StartRequest, TargetErrorCode } from './target.js';
export { TargetError, notCapable } from './target.js';
export { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
export { makeInstance, primaryEndpoint, type InstanceParts } from './instance.js';
export { LogBuffer } from './log-buffer.js';
export { resolveTarget, isSimulatorSpec, type TargetChoice } from './resolve.js';
export { TARGET_REGISTRY, targetKindOf, TARGET_HELP, SIMULATOR_KINDS, unknownTarget, type TargetKindEntry, type TargetKindName } from './registry.js';
export { SIM_BIN } from './sim-bin.js';
export { parseSimSpec, emulatedRelease, type SimSpec, type SimBase } from './sim-spec.js';
export { readFacts, releaseOf, type TargetFacts, type ObservedApi } from './facts.js';
export { SpawnedDaemonTarget, safetyFlags, daemonEnvironment, knowsIp6tables, type SpawnedDaemonOptions } from './spawned-daemon.js';
export { InProcessSimTarget } from './in-process-sim.js';
export { RunningEndpointTarget } from './running-endpoint.js';
export { OpenAiTarget } from './openai-target.js';
export { ReplayTarget } from './replay-target.js';
export { ContainerSimTarget } from './container/container-sim-target.js';
export {
  TranscriptRecorder,
  readTranscript,
  writeTranscript,
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_LIMITS,
  type Transcript,
  type RecordedExchange,
  type TranscriptLimits,
} from './transcript.js';
export { tlsFromEnvironment } from './tls-files.js';
export { provisionedDaemons, type ProvisionedDaemon } from './provisioned-daemons.js';
export { waitForOk, waitForPing } from './wait-ready.js';
export * from './process/index.js';
export { LlamaServerTarget, LLAMA_BASE_PATH, type LlamaServerTargetOptions } from './llama-server/llama-server-target.js';
export { provisionedLlama, LLAMA_CACHE, type ProvisionedLlama } from './llama-server/provisioned-llama.js';
