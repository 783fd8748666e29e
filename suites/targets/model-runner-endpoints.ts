import { parseEndpoint, type Endpoint } from '../http/endpoint.js';
import type { InstanceEndpoints } from './target.js';

/** ctrd-sim's flag for the model runner's TCP access on a free port (the suites run many at once). */
export const MODEL_RUNNER_ARGS: readonly string[] = ['--model-runner-tcp', '0'];

/** The prefix the daemon socket serves the runner under (model-runner-api.md, Base addresses 2). */
const SOCKET_PREFIX = '/exp/vENG4.40';

/** Where a ctrd-sim instance's model runner listens: its TCP address, and the engine /engines/v1 stands for. */
export interface LoggedModelRunner {
  readonly tcp: string;
  readonly defaultEngine: string;
}

/** Where a ctrd-sim instance serves its model runner (none when TCP access is off): TCP and its daemon socket. */
export function modelRunnerEndpoints(socket: Endpoint, runner: LoggedModelRunner | null): Pick<InstanceEndpoints, 'modelRunner' | 'modelRunnerService'> {
  if (runner === null) return {};
  const root = parseEndpoint(runner.tcp);
  return {
    modelRunner: { ...root, basePath: '/engines/v1' },
    modelRunnerService: { tcp: root, socket: { ...socket, basePath: SOCKET_PREFIX }, defaultEngine: runner.defaultEngine },
  };
}

/** What ctrd-sim logged ("Model runner listen on tcp://… (default engine NAME)"), or null. */
export function modelRunnerIn(log: string): LoggedModelRunner | null {
  const found = /Model runner listen on (tcp:\/\/127\.0\.0\.1:\d+) \(default engine ([^)\s]+)\)/.exec(log);
  return found === null ? null : { tcp: found[1]!, defaultEngine: found[2]! };
}
