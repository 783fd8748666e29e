import { inRange } from '../../common/dotted-version.js';
import type { SuiteContext } from '../harness/context.js';

/** Per-version rules are judged at the versions the target serves; the others are another area's. */
export const servedVersion = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && inRange(api, { min: ctx.expectedMin, max: ctx.expectedMax })
    ? null
    : `API ${api} is outside the served ${ctx.expectedMin}–${ctx.expectedMax}`;
