import type { IncomingMessage } from 'node:http';

// Quirk hypothetical.mr.auth.ignored.token-as-jwt (specs/quirks/model-runner.ts): a bearer token, when there is one, is
// decoded as a registry token (a JWT) to pass on to pulls: one that is not a JWT is refused with 401.

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
