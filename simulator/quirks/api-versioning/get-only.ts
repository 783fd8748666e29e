import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: only GET and HEAD are redirected to the clean path; other methods are cleaned silently and routed (a redirect would lose their body). */
export const GET_ONLY = 'hypothetical.api.path.clean-redirect.get-only';
export const getOnly: QuirkModule = {
  where: 'simulator/quirks/api-versioning/get-only.ts; the branch in simulator/http/middleware/clean-path.ts (cleanPathMiddleware)',
};

/** Whether the quirk routes the cleaned path instead of redirecting: a method that may carry a body. */
export const routedWithoutRedirect = (method: string | undefined): boolean => method !== undefined && method !== 'GET' && method !== 'HEAD';
