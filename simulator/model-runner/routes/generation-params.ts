import { FINISH_STOP_WHEN_CUT, finishReasonWithQuirk } from '../../quirks/model-runner/finish-stop-when-cut.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { Generation, GenerationParams } from '../engine/engine.js';
import { EngineRefusal } from '../replies.js';

/** How the answer is sent: whole, or as server-sent events (with a usage chunk or not). */
export interface Delivery {
  readonly stream: boolean;
  readonly includeUsage: boolean;
}

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function optionalInteger(body: Readonly<Record<string, unknown>>, name: string, min: number, max: number): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!isInteger(value) || value < min || value > max) throw new EngineRefusal(`'${name}' must be an integer from ${min} to ${max}`, name);
  return value;
}

function stopStrings(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value === '' ? undefined : [value];
  if (Array.isArray(value) && value.length <= 4 && value.every((item) => typeof item === 'string')) return (value as string[]).filter((item) => item !== '');
  throw new EngineRefusal("'stop' must be a string or an array of at most 4 strings", 'stop');
}

/** The OpenAI request fields every generation takes, checked as the OpenAI API bounds them. */
export function generationParams(body: Readonly<Record<string, unknown>>, faults: ReadonlySet<TestableRuleId>): GenerationParams {
  const maxTokens =
    optionalInteger(body, 'max_completion_tokens', 1, Number.MAX_SAFE_INTEGER) ?? optionalInteger(body, 'max_tokens', 1, Number.MAX_SAFE_INTEGER);
  const n = optionalInteger(body, 'n', 1, 128) ?? 1;
  const seed =
    body['seed'] === undefined || body['seed'] === null ? undefined : optionalInteger(body, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const temperature = body['temperature'];
  if (temperature !== undefined && temperature !== null && (typeof temperature !== 'number' || temperature < 0 || temperature > 2))
    throw new EngineRefusal("'temperature' must be a number from 0 to 2", 'temperature');
  const stop = stopStrings(body['stop']);
  // Built field by field: conditional spreads of literals cost about a microsecond each here, on every generation.
  const params: { -readonly [K in keyof GenerationParams]: GenerationParams[K] } = {
    // Fault (mr.generation.n): at most 2 choices.
    n: faults.has('mr.generation.n') ? Math.min(n, 2) : n,
  };
  // Fault (mr.generation.max-tokens): one token more.
  if (maxTokens !== undefined) params.maxTokens = faults.has('mr.generation.max-tokens') ? maxTokens + 1 : maxTokens;
  if (stop !== undefined && stop.length > 0) params.stop = stop;
  if (seed !== undefined) params.seed = seed;
  if (typeof temperature === 'number') params.temperature = temperature;
  return params;
}

export function delivery(body: Readonly<Record<string, unknown>>): Delivery {
  const stream = body['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') throw new EngineRefusal("'stream' must be a boolean", 'stream');
  const options = body['stream_options'];
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options)))
    throw new EngineRefusal("'stream_options' must be an object", 'stream_options');
  const includeUsage = (options as Record<string, unknown> | null | undefined)?.['include_usage'] === true;
  return { stream: stream === true, includeUsage };
}

/** Fault (mr.generation.stop): the stop string is returned after the text it ended. */
export function withStopFault(choice: Generation, params: GenerationParams, faults: ReadonlySet<TestableRuleId>): Generation {
  if (!faults.has('mr.generation.stop') || params.stop === undefined || choice.finishReason !== 'stop') return choice;
  const stop = params.stop[0]!;
  return { ...choice, pieces: [...choice.pieces, stop], text: choice.text + stop, completionTokens: choice.completionTokens + 1 };
}

/** Quirk (hypothetical): a choice the cap cut reports "stop". */
export function withFinishQuirk(choice: Generation, quirks: ReadonlySet<string>): Generation {
  return quirks.has(FINISH_STOP_WHEN_CUT) ? { ...choice, finishReason: finishReasonWithQuirk(choice.finishReason) as Generation['finishReason'] } : choice;
}
