import type { IncomingMessage } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): Authorization: Basic is taken as registry credentials and verified against the credentials the runner holds (none): a request carrying Basic credentials is refused with 401; bearer tokens are ignored. */
export const BASIC_VERIFIED = 'hypothetical.mr.auth.ignored.basic-verified';

export const basicVerified: QuirkModule = {
  where:
    'simulator/quirks/model-runner/basic-verified.ts; its row of simulator/model-runner/handler-variant.ts (HANDLER_VARIATIONS), read by simulator/model-runner/handler.ts (runnerHandler)',
};

/** Whether the request carries Basic credentials (which the runner, holding none, cannot verify). */
export const carriesBasic = (req: IncomingMessage): boolean => /^Basic /i.test(req.headers.authorization ?? '');
