import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (28.5): the header-line limit counts the request line too, so a request of exactly the limit's header lines is refused with 431 (one short). */
export const REQUEST_LINE_COUNTED = 'hypothetical.api.limits.header-lines.request-line-counted';
export const requestLineCounted: QuirkModule = {
  where: 'simulator/quirks/api-versioning/request-line-counted.ts; the branch in simulator/http/middleware/header-lines.ts (headerLineLimit)',
};

/** The lines counted against the limit: the header lines and the request line. */
export const linesWithRequestLine = (headerLines: number): number => headerLines + 1;
