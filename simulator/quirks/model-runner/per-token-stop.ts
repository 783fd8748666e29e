import type { Generation, GenerationParams, GenerationResult } from '../../model-runner/engine/engine.js';

// Quirk hypothetical.mr.generation.stop.per-token-match (specs/quirks/model-runner.ts): a stop string is looked for in
// each new token's text alone: one that spans two tokens is never honoured.

/** One choice generated without its stop strings, then cut at the first token that holds one by itself. */
function cutPerToken(choice: Generation, stop: readonly string[]): Generation {
  for (const [i, piece] of choice.pieces.entries()) {
    const found = stop.map((word) => piece.indexOf(word)).filter((at) => at >= 0);
    if (found.length === 0) continue;
    const end = Math.min(...found);
    const pieces = [...choice.pieces.slice(0, i), ...(end > 0 ? [piece.slice(0, end)] : [])];
    return { pieces, text: pieces.join(''), finishReason: 'stop', completionTokens: pieces.length };
  }
  return choice;
}

/** Generates with `generate` as if no stop string were given, then applies them token by token. */
export function stopPerToken(generate: (params: GenerationParams) => GenerationResult, params: GenerationParams): GenerationResult {
  const { stop, ...unstopped } = params;
  const result = generate(unstopped);
  return stop === undefined ? result : { ...result, choices: result.choices.map((choice) => cutPerToken(choice, stop)) };
}
