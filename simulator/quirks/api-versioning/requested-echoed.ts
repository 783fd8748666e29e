import type { ServerResponse } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the version middleware sets Api-Version to the version the request asked (the negotiated one) instead of the daemon's maximum. */
export const REQUESTED_ECHOED = 'hypothetical.api.headers.api-version.requested-echoed';
export const requestedEchoed: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/requested-echoed.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** A flat header list with its Api-Version value replaced by `requested`. */
const withRequested = (headers: readonly unknown[], requested: string): unknown[] =>
  headers.map((value, i) => (i % 2 === 1 && headers[i - 1] === 'Api-Version' ? requested : value));

/** From here on, every head this response writes carries Api-Version = the version as the request wrote it (answers and refusals alike). */
export function echoRequestedVersion(res: ServerResponse, requested: string): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) =>
    writeHead(...args.map((arg) => (Array.isArray(arg) ? withRequested(arg, requested) : arg)))) as ServerResponse['writeHead'];
}
