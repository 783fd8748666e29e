/**
 * FC_SEED (and FC_PATH) replay a counterexample fast-check printed: spread into a property's
 * parameters, they run that seed (and that path) instead of a fresh one.
 */
export function replayParameters(): { seed?: number; path?: string } {
  const seed = process.env['FC_SEED'];
  const path = process.env['FC_PATH'];
  return { ...(seed === undefined || seed === '' ? {} : { seed: Number(seed) }), ...(path === undefined || path === '' ? {} : { path }) };
}
