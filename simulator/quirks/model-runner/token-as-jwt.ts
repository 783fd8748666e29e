import type { IncomingMessage } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a bearer token, when there is one, is decoded as a registry token (a JWT) to pass on to pulls: one that is not a JWT is refused with 401. */
export const TOKEN_AS_JWT = 'hypothetical.mr.auth.ignored.token-as-jwt';

export const tokenAsJwt: QuirkModule = {
  where:
    'simulator/quirks/model-runner/token-as-jwt.ts; its row of simulator/model-runner/handler-variant.ts (HANDLER_VARIATIONS), read by simulator/model-runner/handler.ts (runnerHandler)',
};

/** Whether a JWT's header (its first base64url part) decodes to a JSON object. */
function jwtHeaderDecodes(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part))) return false;
  try {
    const header: unknown = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && !Array.isArray(header);
  } catch {
    return false;
  }
}

/** Whether the request carries a bearer token that does not decode as a JWT. */
export const tokenRefused = (req: IncomingMessage): boolean => {
  const match = /^Bearer (.*)$/i.exec(req.headers.authorization ?? '');
  return match !== null && !jwtHeaderDecodes(match[1]!.trim());
};
