import { randomFillSync } from 'node:crypto';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { GenerationResult } from '../engine/engine.js';
import { byFaults } from './generation-params.js';

/** What the simulator's engine says it is in `system_fingerprint`. */
export const FINGERPRINT = 'ctrd-sim';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random bytes drawn in blocks: one call into the system per 170 ids, not one per id. */
const POOL = Buffer.alloc(4096);
let drawn = POOL.length;

/** `chatcmpl-…` / `cmpl-…` and 24 random letters and digits. */
export function completionId(prefix: string): string {
  if (drawn + 24 > POOL.length) {
    randomFillSync(POOL);
    drawn = 0;
  }
  let id = `${prefix}-`;
  for (let i = drawn; i < drawn + 24; i++) id += ALPHANUMERIC[POOL[i]! % ALPHANUMERIC.length];
  drawn += 24;
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
  // Where a fault makes the total differ: generation-params-variant.ts.
  return {
    prompt_tokens: result.promptTokens,
    completion_tokens: completion,
    total_tokens: result.promptTokens + completion + byFaults(faults).extraTotalTokens,
  };
}

/** Streams with backpressure: routes/backpressure.ts. */
export { sendEvents } from './backpressure.js';
