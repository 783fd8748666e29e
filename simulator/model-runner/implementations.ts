import type { Implementation } from '../implementation.js';

/** Where the model-runner area's rules live in the simulator. */
export const MODEL_RUNNER_IMPLEMENTATIONS: readonly Implementation[] = [
  {
    where: 'simulator/model-runner/listener.ts: listenTcp (127.0.0.1:<--model-runner-tcp>, 12434 with --model-runner)',
    rules: ['mr.tcp.serves', 'mr.tcp.default-port'],
  },
  {
    where: "simulator/model-runner/mount.ts: modelRunnerMount (/exp/vENG4.40 on the daemon socket; the rest is the daemon's)",
    rules: ['mr.socket.prefix', 'mr.socket.prefix.management', 'mr.socket.daemon-beside'],
  },
  {
    where:
      'simulator/model-runner/handler.ts: runnerHandler, targetOf; simulator/model-runner/route-table.ts: RUNNER_ROUTES (/engines/v1 ≡ /engines/<default engine>/v1, the default engine llama.cpp (simulator/model-runner/engine/deterministic.ts); v1 only; no credentials)',
    rules: ['mr.engines.shortcut', 'mr.engines.default-name', 'mr.versioning.v1', 'mr.versioning.other-segments', 'mr.auth.none', 'mr.auth.ignored'],
  },
  { where: 'simulator/model-runner/store/reference.ts: parseModelReference', rules: ['mr.reference.format', 'mr.reference.normalised'] },
  {
    where:
      'simulator/model-runner/routes/models.ts: createModel (asks the registry first: simulator/model-runner/store/registry.ts inRegistry, --model-registry catalogue by default)',
    rules: ['mr.models.create.unknown'],
  },
  {
    where: 'simulator/model-runner/routes/models.ts: createModel, listModels, getModel, deleteModel',
    rules: ['mr.models.create', 'mr.models.create.bad-body', 'mr.models.create.cached', 'mr.models.list', 'mr.models.get', 'mr.models.delete'],
  },
  {
    where:
      'simulator/model-runner/routes/models.ts: modelAction, tagModel, deleteModel, getModel; simulator/model-runner/store/model-store.ts: ModelStore (tag, remove: several references per model, a tag names one model)',
    rules: ['mr.models.tag', 'mr.models.delete.tagged', 'mr.models.extra-segments'],
  },
  {
    where: 'simulator/model-runner/handler.ts: targetOf (/v1/… taken as /engines/v1/…)',
    rules: ['mr.engines.v1-alias'],
  },
  {
    where: 'simulator/model-runner/routes/openai-models.ts: listOpenAiModels, retrieveOpenAiModel',
    rules: ['mr.openai.models.list', 'mr.openai.models.retrieve'],
  },
  {
    where: 'simulator/model-runner/routes/inference.ts: checkInference (engine, 10 MiB, JSON, model, held)',
    rules: ['mr.engines.unknown', 'mr.inference.checks', 'mr.inference.body-limit', 'mr.server.survives-bad-input'],
  },
  {
    where: 'simulator/model-runner/routes/chat.ts: chatCompletions (whole and streamed)',
    rules: ['mr.chat.shape', 'mr.chat.stream', 'mr.chat.stream.usage', 'mr.openai.bad-request'],
  },
  { where: 'simulator/model-runner/routes/completions.ts: completions', rules: ['mr.completions.shape'] },
  { where: 'simulator/model-runner/routes/embeddings.ts: embeddings', rules: ['mr.embeddings.shape', 'mr.embeddings.base64'] },
  {
    where: 'simulator/model-runner/routes/generation-params.ts and simulator/model-runner/engine/deterministic.ts (max_tokens, stop, n, usage)',
    rules: ['mr.generation.max-tokens', 'mr.generation.stop', 'mr.generation.n', 'mr.generation.usage'],
  },
  {
    where:
      "simulator/model-runner/limits.ts (the OpenAI limits and the simulator's work bounds), simulator/model-runner/engine/slices.ts (work in slices), simulator/model-runner/routes/backpressure.ts (flow control, stalled clients dropped)",
    rules: ['mr.inference.work-bounds', 'mr.inference.fairness'],
  },
  {
    where: 'simulator/model-runner/store/model-store.ts: ModelStore (synced temp file renamed into place; loaded at start)',
    rules: ['mr.store.persists', 'mr.store.crash-safe', 'mr.store.concurrent'],
  },
];
