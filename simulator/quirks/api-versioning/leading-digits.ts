import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the version route's pattern is anchored at its start only: /v1.24x/… is routed, its version read from the leading digits and dots (1.24) and served. */
export const LEADING_DIGITS = 'hypothetical.api.version.malformed-not-found.leading-digits';
export const leadingDigits: QuirkModule = {
  where: 'simulator/quirks/api-versioning/leading-digits.ts, called from simulator/http/middleware/version-prefix.ts (matchVersionPrefix)',
};

/** The quirk's route pattern: digits and dots, then anything up to the next slash. */
export const LEADING_DIGITS_VERSIONED = /^\/v([0-9][0-9.]*)[^/]*(\/.*)$/;
