import type { ConfigContent } from './config-file.js';
import type { Capability } from '../../specs/types.js';
import type { Endpoint } from '../http/endpoint.js';
import type { LogBuffer } from './log-buffer.js';
import type { NetnsProbe, NetnsReply } from './types.js';
import { notCapable, TargetError, type InstanceEndpoints, type StartOutcome, type StartRequest, type TargetInstance } from './target.js';

/** The parts of an instance an adapter has; every operation it leaves out throws TARGET_NOT_CAPABLE. */
export interface InstanceParts {
  readonly endpoints: InstanceEndpoints;
  readonly pid?: number;
  /** What the daemon prints (absent: no logs capability, output() is empty). */
  readonly log?: LogBuffer;
  writeConfig?(config: ConfigContent): Promise<void>;
  signal?(name: NodeJS.Signals): Promise<void>;
  reload?(): Promise<void>;
  restart?(request?: StartRequest): Promise<StartOutcome>;
  kill?(): Promise<number | null>;
  probeInNetns?(probe: NetnsProbe): Promise<NetnsReply>;
  stop(): Promise<void>;
}

/** The endpoint `instance.endpoint` names: the daemon's API, else the model runner's, else the first listener. */
export function primaryEndpoint(endpoints: InstanceEndpoints): Endpoint {
  const endpoint = endpoints.daemon ?? endpoints.modelRunner ?? endpoints.listeners[0];
  if (endpoint === undefined) throw new Error('an instance needs at least one endpoint');
  return endpoint;
}

/**
 * Builds a TargetInstance from what an adapter can do; `spec` names the target in errors.
 * A restart hands the private directory to the new instance: the old one is then superseded, its
 * stop() does nothing (it must not remove the directory the new daemon runs in) and its other
 * operations are refused.
 */
export function makeInstance(spec: string, parts: InstanceParts): TargetInstance {
  const lacking = (capability: Capability, operation: string) => (): Promise<never> => Promise.reject(notCapable(spec, capability, operation));
  const { log } = parts;
  let superseded = false;
  const live =
    <A extends unknown[], R>(operation: string, run: ((...args: A) => Promise<R>) | undefined, capability: Capability, what: string) =>
    (...args: A): Promise<R> => {
      if (run === undefined) return lacking(capability, what)();
      if (superseded)
        return Promise.reject(new TargetError('TARGET_START', `${spec}: this instance was restarted; ${operation} the instance the restart returned`));
      return run.apply(parts, args);
    };
  return {
    endpoints: parts.endpoints,
    endpoint: primaryEndpoint(parts.endpoints),
    ...(parts.pid === undefined ? {} : { pid: parts.pid }),
    output: () => log?.text() ?? '',
    logMark: () => log?.mark() ?? 0,
    logSince: (mark) => log?.since(mark) ?? '',
    writeConfig: live('rewrite the configuration of', parts.writeConfig, 'start', 'rewrite its configuration file'),
    signal: live('signal', parts.signal, 'signal', 'receive a signal'),
    reload: live('reload', parts.reload, 'reload', 'reload its configuration'),
    restart: live(
      'restart',
      parts.restart === undefined
        ? undefined
        : (request?: StartRequest) => {
            superseded = true;
            return parts.restart!(request);
          },
      'restart',
      'restart',
    ),
    kill: live('kill', parts.kill, 'signal', 'be killed'),
    probeInNetns: live('probe', parts.probeInNetns, 'netns', 'be probed inside a network namespace'),
    stop: () => (superseded ? Promise.resolve() : parts.stop()),
  };
}
