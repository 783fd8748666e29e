import type { QuirkModule } from '../quirk-module.js';
import { HALF_APPLIED, halfApplied } from './half-applied.js';
import { ONE_AT_A_TIME, oneAtATime } from './one-at-a-time.js';
import { RUNTIME_PANIC, runtimePanic } from './runtime-panic.js';

/** The quirks of the reload area, by id (one module each in this directory). */
export const RELOAD_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [HALF_APPLIED]: halfApplied,
  [ONE_AT_A_TIME]: oneAtATime,
  [RUNTIME_PANIC]: runtimePanic,
};
