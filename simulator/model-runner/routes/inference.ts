import { BodyTooLarge, readBody } from '../../http/body.js';
import type { InferenceEngine } from '../engine/engine.js';
import { EngineRefusal, openAiError, plainError, RUNNER_MESSAGES } from '../replies.js';
import { ModelStoreError, parseModelReference } from '../store/index.js';
import type { RunnerRequest } from './context.js';

/** The real service's limit on an inference body (maximumOpenAIInferenceRequestSize). */
export const INFERENCE_BODY_LIMIT = 10 * 1024 * 1024;

/** A request the runner has checked: the engine, the model as asked, and the body as an object. */
export interface InferenceRequest {
  readonly engine: InferenceEngine;
  readonly model: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * The runner's own checks, in the real service's order (handleOpenAIInference): the engine, the
 * body's size (refused as soon as it passes the limit), JSON, the model named, the model held.
 * Answers the refusal itself and returns null; otherwise the request for the engine. Where a fault
 * or a quirk makes it differ, it reads the field of its variant (inference-variant.ts).
 */
export async function checkInference(x: RunnerRequest, engineName: string | null): Promise<InferenceRequest | null> {
  const { runner } = x;
  const variant = runner.variants.inference;
  let engine = engineName === null ? runner.defaultEngine : runner.engines.get(engineName);
  if (engine === undefined && variant.refusedBeforeEngine !== undefined && (await variant.refusedBeforeEngine(x, INFERENCE_BODY_LIMIT))) return null;
  if (engine === undefined) {
    if (!variant.unknownEngineServed) {
      x.req.resume();
      plainError(x.res, 404, RUNNER_MESSAGES.backendNotFound);
      return null;
    }
    engine = runner.defaultEngine;
  }
  let raw: Buffer;
  try {
    raw = await readBody(x.req, variant.bodyLimitBytes);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    // Refused without buffering the rest: readBody drains what still comes and keeps none of it.
    plainError(x.res, 400, RUNNER_MESSAGES.tooLarge);
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    plainError(x.res, 400, RUNNER_MESSAGES.invalidRequest);
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    plainError(x.res, Array.isArray(body) ? variant.arrayBodyStatus : 400, RUNNER_MESSAGES.invalidRequest);
    return null;
  }
  const model = (body as Record<string, unknown>)['model'];
  if (typeof model !== 'string' || model === '') {
    plainError(x.res, 400, RUNNER_MESSAGES.modelRequired);
    return null;
  }
  if (variant.unheldModelFails && !holds(x, model)) {
    plainError(x.res, 500, `engine failed to load model ${JSON.stringify(model)}`);
    return null;
  }
  if (variant.unheldModelRefused && !holds(x, model)) {
    plainError(x.res, 404, `error while getting model: get model ${JSON.stringify(model)}: ${RUNNER_MESSAGES.modelNotFound}`);
    return null;
  }
  return { engine, model, body: body as Record<string, unknown> };
}

function holds(x: RunnerRequest, model: string): boolean {
  try {
    return x.runner.get(parseModelReference(model)) !== undefined;
  } catch (error) {
    if (error instanceof ModelStoreError) return false;
    throw error;
  }
}

/**
 * Runs the engine step in one of the runner's inference slots (waiting in line for one, or refused
 * with 503 when the line is full); a refusal of the body is the OpenAI error object.
 */
export async function answerInference(x: RunnerRequest, engineName: string | null, answer: (request: InferenceRequest) => Promise<void> | void): Promise<void> {
  const request = await checkInference(x, engineName);
  if (request === null) return;
  const gone = new AbortController();
  const leave = (): void => gone.abort();
  x.res.once('close', leave);
  const release = await x.runner.inferenceSlots.acquire(gone.signal);
  if (release === null) {
    x.res.off('close', leave);
    if (!gone.signal.aborted) plainError(x.res, 503, RUNNER_MESSAGES.busy, false, ['Retry-After', '1']);
    return;
  }
  try {
    await answer(request);
  } catch (error) {
    if (!(error instanceof EngineRefusal)) throw error;
    openAiError(x.res, 400, error);
  } finally {
    x.res.off('close', leave);
    release();
  }
}
