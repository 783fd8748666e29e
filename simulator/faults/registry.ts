import type { RuleId, TestableRuleId } from '../../specs/catalogue.js';
import { API_VERSIONING_FAULTS } from './api-versioning.js';
import { DAEMON_CONFIG_FAULTS } from './daemon-config.js';
import { MODEL_RUNNER_FAULTS } from './model-runner.js';
import { RELOAD_FAULTS } from './reload.js';
import { LISTENERS_FAULTS } from './listeners.js';
import { DEPRECATIONS_FAULTS } from './deprecations.js';
import type { Fault } from './fault.js';
import { madeOnce } from '../../common/made-once.js';

/**
 * One fault per testable rule, assembled from the areas' files: a testable rule without one does
 * not compile. Each is designed so that only its rule's assertion notices it: other rules that
 * look at the same answers check other parts of them. Assembled on first use: a start without
 * --fault never reads it.
 */
export const allFaults = madeOnce(
  (): Readonly<Record<TestableRuleId, Fault>> => ({
    ...API_VERSIONING_FAULTS,
    ...DAEMON_CONFIG_FAULTS,
    ...RELOAD_FAULTS,
    ...MODEL_RUNNER_FAULTS,
    ...LISTENERS_FAULTS,
    ...DEPRECATIONS_FAULTS,
  }),
);

/** The rules a fault lets fail besides its own. */
export const alsoBroken = (rule: TestableRuleId): readonly RuleId[] => allFaults()[rule].alsoBreaks?.rules ?? [];

export const isFaultId = (id: string): id is TestableRuleId => Object.hasOwn(allFaults(), id);
