import { carriedQuirks } from '../../simulator/index.js';
import type { Target } from './target.js';

/** The quirks a target carries: a simulator's, read from its own flags as ctrd-sim reads them; none for any other target. */
export const quirksOf = (target: Pick<Target, 'simulatorArgs'>): string[] =>
  target.simulatorArgs === undefined ? [] : [...carriedQuirks(target.simulatorArgs)];
