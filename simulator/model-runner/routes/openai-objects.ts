import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import { startEventStream } from '../../http/streaming.js';
import type { GenerationResult } from '../engine/engine.js';

/** What the simulator's engine says it is in `system_fingerprint`. */
export const FINGERPRINT = 'ctrd-sim';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `chatcmpl-…` / `cmpl-…` and 24 random letters and digits. */
export function completionId(prefix: string): string {
  const bytes = randomBytes(24);
  let id = `${prefix}-`;
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}

export const unixSeconds = (): number => Math.floor(Date.now() / 1000);

export interface Usage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

export function usageOf(result: GenerationResult, faults: ReadonlySet<TestableRuleId>): Usage {
  const completion = result.choices.reduce((sum, choice) => sum + choice.completionTokens, 0);
  // Fault (mr.generation.usage): the total counts one more.
  return { prompt_tokens: result.promptTokens, completion_tokens: completion, total_tokens: result.promptTokens + completion + (faults.has('mr.generation.usage') ? 1 : 0) };
}

/** Yields to the event loop between chunks, so that a client that left is noticed. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Sends `data: <chunk>` events (each chunk an object, or its JSON text), then `data: [DONE]` (unless not `done`), in
 * batches of 16 per write; between batches a client that left is noticed and the stream stops.
 */
export async function sendEvents(res: ServerResponse, chunks: Iterable<unknown>, done = true): Promise<void> {
  const stream = startEventStream(res, ['X-Accel-Buffering', 'no']);
  let batch = '';
  let count = 0;
  for (const chunk of chunks) {
    if (!stream.open) return;
    batch += `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;
    if (++count % 16 === 0) {
      stream.write(batch);
      batch = '';
      await nextTurn();
    }
  }
  if (!stream.open) return;
  stream.write(done ? `${batch}data: [DONE]\n\n` : batch);
  stream.end();
}
