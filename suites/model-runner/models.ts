import type { CheckClient, SuiteContext } from '../harness/context.js';
import { Unjudgeable, Violation } from '../harness/verdict.js';
import { inferenceClient, serviceEndpoint } from './endpoints.js';

/** The model the inference checks use on a runner whose store the suite may write. */
export const SUITE_MODEL = 'ctr-conformance/tiny:latest';

/** Creates a model through POST /models/create; a refusal is a Violation naming the answer. */
export async function createModel(client: CheckClient, reference: string): Promise<string> {
  const reply = await client.request('POST', '/models/create', { json: { from: reference } });
  if (reply.status !== 200)
    throw new Violation(`POST /models/create {"from": ${JSON.stringify(reference)}} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  return reply.body;
}

/**
 * A model the target can run inference with: on a runner with management, the suite's own model
 * (created when missing); on a bare OpenAI-compatible server, the first model it lists.
 */
export async function modelForInference(ctx: SuiteContext): Promise<string> {
  if (ctx.instance.endpoints.modelRunnerService !== undefined) {
    const service = ctx.clientFor(serviceEndpoint(ctx.instance));
    try {
      await createModel(service, SUITE_MODEL);
    } finally {
      service.close();
    }
    return SUITE_MODEL;
  }
  const client = inferenceClient(ctx);
  try {
    const reply = await client.request('GET', '/models');
    const list = JSON.parse(reply.body) as { data?: { id?: unknown }[] };
    const id = list.data?.find((entry) => typeof entry.id === 'string')?.id;
    if (typeof id !== 'string') throw new Unjudgeable('the target lists no model to run inference with');
    return id;
  } finally {
    client.close();
  }
}
