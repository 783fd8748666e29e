import type { IncomingMessage } from 'node:http';

// Quirk hypothetical.mr.auth.ignored.basic-verified (specs/quirks/model-runner.ts): Authorization: Basic is taken as
// registry credentials and verified against the credentials the runner holds (none): a request carrying Basic
// credentials is refused with 401; bearer tokens are ignored.

/** Whether the request carries Basic credentials (which the runner, holding none, cannot verify). */
export const carriesBasic = (req: IncomingMessage): boolean => /^Basic /i.test(req.headers.authorization ?? '');
