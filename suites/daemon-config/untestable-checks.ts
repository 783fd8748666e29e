import type { RuleCheck } from '../harness/rule-check.js';
import { untestableCheck } from '../harness/untestable.js';
import type { RuleId } from '../../specs/catalogue.js';

/**
 * The rules of the area that no target on this machine can carry (the catalogue says why: the
 * other platform, containers, images, a file system without d_type, the machine's own /etc).
 */
const UNTESTABLE: readonly RuleId[] = [
  'config.file.default-path',
  'config.file.other-platform',
  'config.cgroup.parent',
  'config.overlay.d-type',
  'config.runtimes.other-platform',
  'config.runtimes.on-path',
  'config.limits.defaults',
  'config.env.unobservable',
];

export const UNTESTABLE_CONFIG_CHECKS: readonly RuleCheck[] = UNTESTABLE.map(untestableCheck);
