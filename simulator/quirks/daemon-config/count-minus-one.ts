import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: -1 is taken as "no limit" for max-concurrent-downloads, max-concurrent-uploads and max-download-attempts (a sentinel); counts below -1 are still refused. */
export const ID = 'hypothetical.config.values.numbers.minus-one-unlimited';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/count-minus-one.ts, called from simulator/config/file/validate.ts (validateSettings)',
};

/** Whether the quirk takes this count as its sentinel. */
export const isSentinel = (count: number, quirks: ReadonlySet<string>): boolean => quirks.has(ID) && count === -1;
