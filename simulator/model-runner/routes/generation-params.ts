import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { Generation, GenerationParams } from '../engine/engine.js';
import { EngineRefusal } from '../replies.js';
import { type GenerationVariant, generationVariant } from './generation-params-variant.js';

/** How the answer is sent: whole, or as server-sent events (with a usage chunk or not). */
export interface Delivery {
  readonly stream: boolean;
  readonly includeUsage: boolean;
}

/**
 * Where a fault or a quirk makes this step differ, it reads the field of its variant
 * (generation-params-variant.ts). The chat and text completions routes hand it the runner's faults
 * and its quirks apart: the fields a fault sets are read from the variant of the faults alone, the
 * finish reason (a quirk's) from that of the quirks alone; a row is asked only of its own kind's
 * set (variant-table.ts), so each is the variant of the whole configuration. Resolved once per set.
 */
const NONE: ReadonlySet<never> = new Set();
/** The variant of the faults alone (also read by the usage: openai-objects.ts). */
export const byFaults = (faults: ReadonlySet<TestableRuleId>): GenerationVariant => generationVariant({ faults, quirks: NONE });
const byQuirks = (quirks: ReadonlySet<string>): GenerationVariant => generationVariant({ faults: NONE, quirks });

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
  const variant = byFaults(faults);
  // Built field by field: conditional spreads of literals cost about a microsecond each here, on every generation.
  const params: { -readonly [K in keyof GenerationParams]: GenerationParams[K] } = {
    n: variant.choicesOf(n),
  };
  if (maxTokens !== undefined) params.maxTokens = variant.maxTokensOf(maxTokens);
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

/** The choice, or, where the variant returns the stop string, the choice with the stop string after the text it ended. */
export function withStopFault(choice: Generation, params: GenerationParams, faults: ReadonlySet<TestableRuleId>): Generation {
  if (!byFaults(faults).stopReturned || params.stop === undefined || choice.finishReason !== 'stop') return choice;
  const stop = params.stop[0]!;
  return { ...choice, pieces: [...choice.pieces, stop], text: choice.text + stop, completionTokens: choice.completionTokens + 1 };
}

/** The choice with the variant's finish reason. */
export function withFinishQuirk(choice: Generation, quirks: ReadonlySet<string>): Generation {
  const finishReasonOf = byQuirks(quirks).finishReasonOf;
  return finishReasonOf === undefined ? choice : { ...choice, finishReason: finishReasonOf(choice.finishReason) as Generation['finishReason'] };
}
