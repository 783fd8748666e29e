import type { Capability } from '../../specs/types.js';
import type { Endpoint } from '../http/endpoint.js';
import type { LogBuffer } from './log-buffer.js';
import { notCapable, type InstanceEndpoints, type StartOutcome, type StartRequest, type TargetInstance } from './target.js';

/** The parts of an instance an adapter has; every operation it leaves out throws TARGET_NOT_CAPABLE. */
export interface InstanceParts {
  readonly endpoints: InstanceEndpoints;
  readonly pid?: number;
  /** What the daemon prints (absent: no logs capability, output() is empty). */
  readonly log?: LogBuffer;
  writeConfig?(config: Readonly<Record<string, unknown>> | string): Promise<void>;
  signal?(name: NodeJS.Signals): Promise<void>;
  reload?(): Promise<void>;
  restart?(request?: StartRequest): Promise<StartOutcome>;
  kill?(): Promise<number | null>;
  stop(): Promise<void>;
}

/** The endpoint `instance.endpoint` names: the daemon's API, else the model runner's, else the first listener. */
export function primaryEndpoint(endpoints: InstanceEndpoints): Endpoint {
  const endpoint = endpoints.daemon ?? endpoints.modelRunner ?? endpoints.listeners[0];
  if (endpoint === undefined) throw new Error('an instance needs at least one endpoint');
  return endpoint;
}

/** Builds a TargetInstance from what an adapter can do; `spec` names the target in errors. */
export function makeInstance(spec: string, parts: InstanceParts): TargetInstance {
  const lacking = (capability: Capability, operation: string) => (): Promise<never> => Promise.reject(notCapable(spec, capability, operation));
  const { log } = parts;
  return {
    endpoints: parts.endpoints,
    endpoint: primaryEndpoint(parts.endpoints),
    ...(parts.pid === undefined ? {} : { pid: parts.pid }),
    output: () => log?.text() ?? '',
    logMark: () => log?.mark() ?? 0,
    logSince: (mark) => log?.since(mark) ?? '',
    writeConfig: parts.writeConfig?.bind(parts) ?? lacking('start', 'rewrite its configuration file'),
    signal: parts.signal?.bind(parts) ?? lacking('signal', 'receive a signal'),
    reload: parts.reload?.bind(parts) ?? lacking('reload', 'reload its configuration'),
    restart: parts.restart?.bind(parts) ?? lacking('restart', 'restart'),
    kill: parts.kill?.bind(parts) ?? lacking('signal', 'be killed'),
    stop: () => parts.stop(),
  };
}
