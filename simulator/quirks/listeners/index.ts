import type { QuirkModule } from '../quirk-module.js';
import { CORS_WITHOUT_VARIABLE, corsWithoutVariable } from './cors-without-variable.js';

/**
 * The quirks of the listeners area still listed here, by id: those whose module in this directory
 * other areas' tables and code still import (the others are named by their rows alone:
 * simulator/variant-tables.ts).
 */
export const LISTENERS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  // Hypothetical (specs/quirks/listeners.ts).
  [CORS_WITHOUT_VARIABLE]: corsWithoutVariable,
};
