export type { Target, TargetInstance, StartOutcome, StartRequest } from './target.js';
export { TargetError } from './target.js';
export { resolveTarget, SIM_BIN, type TargetChoice } from './resolve.js';
export { readFacts, releaseOf, type TargetFacts } from './facts.js';
export { SpawnedDaemonTarget, safetyFlags } from './spawned-daemon.js';
export { InProcessSimTarget } from './in-process-sim.js';
export { RunningEndpointTarget } from './running-endpoint.js';
export { ReplayTarget } from './replay-target.js';
export { TranscriptRecorder, readTranscript, type Transcript, type RecordedExchange } from './transcript.js';
