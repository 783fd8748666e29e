import type { Capability, Surface } from '../../specs/types.js';

const set = <T>(...items: T[]): ReadonlySet<T> => Object.freeze(new Set(items));

/** What each kind of target can do (see Target.capabilities). */
export const CAPABILITIES_OF = {
  inProcess: set<Capability>('start', 'exit', 'reload', 'restart', 'logs', 'tls', 'plugins', 'wire', 'objects'),
  // netns and plugins: unshare (root) gives the daemon private network and mount namespaces.
  process: set<Capability>('start', 'exit', 'signal', 'reload', 'restart', 'logs', 'tls', 'netns', 'plugins', 'wire', 'objects', 'umask'),
  // No exit: testcontainers removes a container that never came up, and its exit code with it.
  container: set<Capability>('start', 'reload', 'restart', 'logs', 'wire', 'objects'),
  // Podman's API service: started, signalled, restarted and logged as a process, with fixed settings (no reload, flags or file).
  podman: set<Capability>('start', 'exit', 'signal', 'restart', 'logs', 'wire', 'objects'),
  endpoint: set<Capability>('wire', 'objects'),
  tlsEndpoint: set<Capability>('wire', 'tls', 'objects'),
  replay: set<Capability>(),
  openai: set<Capability>(),
  // llama-server started by the suite with fixed settings: like an openai: target, only requests.
  llamaServer: set<Capability>(),
} as const;

/** The interfaces each kind of target has (see Target.surfaces). */
export const SURFACES_OF = {
  /** A daemon the suite starts: its API and the process (flags, files, signals). */
  started: set<Surface>('daemon-api', 'daemon-process'),
  /** ctrd-sim started by the suite: the daemon, and the model runner it hosts (over TCP and under the socket's prefix). */
  simulator: set<Surface>('daemon-api', 'daemon-process', 'model-runner-api', 'model-runner-service'),
  /** A daemon somebody else started, or a recording of one: its API only. */
  connected: set<Surface>('daemon-api'),
  openai: set<Surface>('model-runner-api'),
} as const;
