/**
 * Splits a request path into decoded segments after cleaning it as Go's path.Clean does
 * (docker/model-runner cleans every path before routing): empty segments and "." go, ".." takes
 * the one before it. A segment's own escaped "/" (%2F) stays inside it, as Go's ServeMux keeps it.
 * Null when a segment does not decode.
 */
export function pathSegments(rawPath: string): string[] | null {
  const out: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '' || raw === '.') continue;
    if (raw === '..') {
      out.pop();
      continue;
    }
    if (!raw.includes('%')) {
      out.push(raw);
      continue;
    }
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}

/** Where an OpenAI-style path points: the engine it names (null for the shortcut) and what follows v1. */
export interface EnginePath {
  readonly engine: string | null;
  readonly rest: readonly string[];
}

/**
 * `/engines/v1/…` → the default engine; `/engines/<engine>/v1/…` → that engine. `isV1` decides
 * which segment is the version (a fault widens it).
 */
export function enginePath(segments: readonly string[], isV1: (segment: string) => boolean): EnginePath | null {
  if (segments[0] !== 'engines') return null;
  if (segments[1] !== undefined && isV1(segments[1])) return { engine: null, rest: segments.slice(2) };
  if (segments[1] !== undefined && segments[2] !== undefined && isV1(segments[2])) return { engine: segments[1], rest: segments.slice(3) };
  return null;
}
