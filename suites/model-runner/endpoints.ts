import type { SuiteContext } from '../harness/context.js';
import { Unjudgeable } from '../harness/verdict.js';
import type { Endpoint } from '../http/endpoint.js';
import type { TargetInstance } from '../targets/target.js';

/** The path prefix the daemon socket serves the model runner under (model-runner-api.md, Base addresses 2). */
export const SOCKET_PREFIX = '/exp/vENG4.40';
/** The real service's default engine (docker/model-runner pkg/server/server.go): mr.engines.default-name. */
export const DOCKER_DEFAULT_ENGINE = 'llama.cpp';

/** The OpenAI-compatible base (e.g. tcp …/engines/v1): every target with the model-runner-api surface has it. */
export function inferenceEndpoint(instance: TargetInstance): Endpoint {
  const endpoint = instance.endpoints.modelRunner;
  if (endpoint === undefined) throw new Unjudgeable('the target names no OpenAI-compatible base address');
  return endpoint;
}

/** The service root over TCP (management, /engines routing). */
export function serviceEndpoint(instance: TargetInstance): Endpoint {
  const service = instance.endpoints.modelRunnerService;
  if (service === undefined) throw new Unjudgeable('the target names no model runner service address');
  return service.tcp;
}

/** The engine the target says /engines/v1 stands for (the document names none). */
export function defaultEngineOf(instance: TargetInstance): string {
  const service = instance.endpoints.modelRunnerService;
  if (service === undefined) throw new Unjudgeable('the target names no model runner service address');
  return service.defaultEngine;
}

/** The service root over the daemon socket, under its prefix. */
export function socketServiceEndpoint(instance: TargetInstance): Endpoint {
  const socket = instance.endpoints.modelRunnerService?.socket;
  if (socket === undefined) throw new Unjudgeable('the target reaches its model runner through no daemon socket');
  return socket;
}

/** A client for the service root over TCP, bound to the cell. */
export const serviceClient = (ctx: SuiteContext) => ctx.clientFor(serviceEndpoint(ctx.instance));
/** A client for the OpenAI-compatible base, bound to the cell. */
export const inferenceClient = (ctx: SuiteContext) => ctx.clientFor(inferenceEndpoint(ctx.instance));
