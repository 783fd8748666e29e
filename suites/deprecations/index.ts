import type { RuleCheck } from '../harness/rule-check.js';
import { untestableCheck } from '../harness/untestable.js';
import { CONTAINER_CHECKS } from './container-checks.js';
import { eventsLegacyCheck } from './event-checks.js';
import { containerConfigCheck, emptyFieldsCheck, nonstandardFieldsCheck } from './image-checks.js';
import { filterLegacyFormCheck, filterParameterCheck } from './list-checks.js';
import { removedOptionsCheck } from './option-checks.js';

/** One check per rule of the deprecations area (specs/rules/deprecations/). */
export const DEPRECATIONS_CHECKS: readonly RuleCheck[] = [
  containerConfigCheck,
  nonstandardFieldsCheck,
  emptyFieldsCheck,
  filterParameterCheck,
  filterLegacyFormCheck,
  untestableCheck('deprecated.search.is-automated'),
  ...CONTAINER_CHECKS,
  untestableCheck('deprecated.network.aliases-short-id'),
  eventsLegacyCheck,
  removedOptionsCheck,
];
