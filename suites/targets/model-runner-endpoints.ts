import { parseEndpoint, type Endpoint } from '../http/endpoint.js';
import type { InstanceEndpoints } from './target.js';

/** ctrd-sim's flag for the model runner's TCP access on a free port (the suites run many at once). */
export const MODEL_RUNNER_ARGS: readonly string[] = ['--model-runner-tcp', '0'];

/** The prefix the daemon socket serves the runner under (model-runner-api.md, Base addresses 2). */
const SOCKET_PREFIX = '/exp/vENG4.40';

/** Where a ctrd-sim instance serves its model runner: TCP (`tcp://127.0.0.1:port`, or null when off) and its daemon socket. */
export function modelRunnerEndpoints(socket: Endpoint, tcp: string | null): Pick<InstanceEndpoints, 'modelRunner' | 'modelRunnerService'> {
  if (tcp === null) return {};
  const root = parseEndpoint(tcp);
  return {
    modelRunner: { ...root, basePath: '/engines/v1' },
    modelRunnerService: { tcp: root, socket: { ...socket, basePath: SOCKET_PREFIX } },
  };
}

/** The TCP address ctrd-sim logged ("Model runner listen on tcp://…"), or null. */
export function modelRunnerTcpIn(log: string): string | null {
  return /Model runner listen on (tcp:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1] ?? null;
}
