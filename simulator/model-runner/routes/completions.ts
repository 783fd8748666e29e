import { EngineRefusal, sendJson } from '../replies.js';
import type { RunnerRequest } from './context.js';
import { delivery, generationParams, withFinishQuirk, withStopFault } from './generation-params.js';
import { answerInference } from './inference.js';
import { ChunkRuns } from './chunk-runs.js';
import { checkChoices } from '../limits.js';
import { mapInSlices } from '../engine/slices.js';
import { completionId, FINGERPRINT, sendEvents, unixSeconds, usageOf } from './openai-objects.js';

function promptsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value as string[];
  if (value === undefined) throw new EngineRefusal("'prompt' is required", 'prompt');
  throw new EngineRefusal("'prompt' must be a string or a non-empty array of strings", 'prompt');
}

/**
 * POST /engines[/<engine>]/v1/completions: one choice per prompt and n, indexed prompt-major. Where a
 * fault or a quirk makes it differ, it reads the field of its variant (completions-variant.ts; the
 * work's slices: ../limits-variant.ts).
 */
export function completions(x: RunnerRequest, engineName: string | null): Promise<void> {
  return answerInference(x, engineName, async ({ engine, model, body }) => {
    const { faults, variants } = x.runner;
    const variant = variants.completions;
    const prompts = promptsOf(body['prompt']);
    const params = generationParams(body, faults);
    const how = delivery(body);
    checkChoices(prompts.length, params.n);
    const results = await mapInSlices(prompts, (prompt) => engine.complete(model, prompt, params), variants.work.workedWhole);
    const choices = results.flatMap((result) => result.choices.map((choice) => withFinishQuirk(withStopFault(choice, params, faults), x.runner.quirks)));
    const result = { promptTokens: results.reduce((sum, r) => sum + r.promptTokens, 0), choices };
    const id = completionId('cmpl');
    const created = unixSeconds();
    const head = { id, created, model, system_fingerprint: FINGERPRINT };
    if (!how.stream) {
      return sendJson(x.res, 200, {
        ...head,
        object: 'text_completion',
        choices: choices.map((choice, index) => ({ text: choice.text, index, logprobs: null, finish_reason: choice.finishReason })),
        usage: usageOf(result, faults),
      });
    }
    const object = variant.chunkObject;
    const usage = how.includeUsage ? { usage: null } : {};
    const chunk = (index: number, text: string, finish: string | null) => ({
      ...head,
      object,
      choices: [{ text, index, logprobs: null, finish_reason: finish }],
      ...usage,
    });
    const chunks = new ChunkRuns();
    for (const [index, choice] of choices.entries()) {
      chunks.add(choice.pieces.length, (at) => chunk(index, choice.pieces[at]!, null));
      chunks.add(1, () => chunk(index, variant.finishChunkText(choice.pieces), choice.finishReason));
    }
    if (how.includeUsage) chunks.add(1, () => ({ ...head, object, choices: [], usage: usageOf(result, faults) }));
    return sendEvents(x.res, chunks, x.runner.streamStallMs);
  });
}
