import type { ServerResponse } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the version middleware's too-new refusal encodes a Go struct without a json tag, so its body is {"Message": …}. */
export const CAPITALISED_KEY = 'hypothetical.api.error.json-body.capitalised-key';
export const capitalisedKey: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/capitalised-key.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** The refusal as such a release writes it: application/json, the field named as the Go struct names it. */
export function sendCapitalisedError(res: ServerResponse, status: number, message: string, headers: readonly string[]): void {
  const body = `${JSON.stringify({ Message: message })}\n`;
  res.writeHead(status, [...headers, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
}
