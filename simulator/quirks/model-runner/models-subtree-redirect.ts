import type { IncomingMessage, ServerResponse } from 'node:http';

// Quirk hypothetical.mr.versioning.v1.models-subtree-redirect (specs/quirks/model-runner.ts): the model list is
// registered as a subtree pattern (…/v1/models/): GET /engines[/<engine>]/v1/models answers Go's 301 redirect to
// …/v1/models/ instead of the list.

/** Go's ServeMux for a subtree pattern asked without its trailing slash: 301 to the path with it (true), else false. */
export function redirectedToSubtree(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if ((req.method ?? 'GET') !== 'GET' || !/^\/engines(?:\/[^/]+)?\/v1\/models$/.test(path)) return false;
  const location = `${path}/`;
  const body = `<a href="${location}">Moved Permanently</a>.\n\n`;
  req.resume();
  res.writeHead(301, ['Location', location, 'Content-Type', 'text/html; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
  return true;
}
