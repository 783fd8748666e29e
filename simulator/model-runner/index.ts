export { ModelRunner, modelsDirIn } from './runner.js';
export { runnerHandler, type RunnerHandler } from './handler.js';
export { modelRunnerMount, SOCKET_PREFIX } from './mount.js';
export { listenTcp, DEFAULT_TCP_PORT } from './listener.js';
export { MODEL_RUNNER_IMPLEMENTATIONS } from './implementations.js';
