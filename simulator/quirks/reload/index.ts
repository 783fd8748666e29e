import type { QuirkModule } from '../quirk-module.js';
import * as absentFeaturesKept from './absent-features-kept.js';
import * as attemptsKept from './attempts-kept.js';
import { AUTHZ_SKIPPED, authzSkipped } from './authz-skipped.js';
import * as debugOnlyEnables from './debug-only-enables.js';
import * as defaultNeedsKnown from './default-needs-known.js';
import * as featuresFalseDropped from './features-false-dropped.js';
import { FLAGS_RESET, flagsReset } from './flags-reset.js';
import { HALF_APPLIED, halfApplied } from './half-applied.js';
import * as insecureKept from './insecure-kept.js';
import * as ipcKept from './ipc-kept.js';
import { LABELS_LATE, labelsLate } from './labels-late.js';
import * as labelsEmptyKept from './labels-empty-kept.js';
import { LINE_WITHOUT_CONFIG, lineWithoutConfig } from './line-without-config.js';
import * as liveRestoreOnlyEnables from './live-restore-only-enables.js';
import * as logLevelApplied from './log-level-applied.js';
import { ONE_AT_A_TIME, oneAtATime } from './one-at-a-time.js';
import { REGISTRIES_LAST, registriesLast } from './registries-last.js';
import { RUNTIME_PANIC, runtimePanic } from './runtime-panic.js';
import * as shutdownZeroKept from './shutdown-zero-kept.js';
import * as runtimesWatched from './runtimes-watched.js';
import * as authzNeedsStartChain from './authz-needs-start-chain.js';
import { OTHER_KEYS_APPLIED, otherKeysApplied, VALID_KEYS_APPLIED, validKeysApplied } from './valid-keys-applied.js';

/** The quirks of the reload area, by id (one module each in this directory). */
export const RELOAD_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [HALF_APPLIED]: halfApplied,
  [FLAGS_RESET]: flagsReset,
  [ONE_AT_A_TIME]: oneAtATime,
  [RUNTIME_PANIC]: runtimePanic,
  [REGISTRIES_LAST]: registriesLast,
  [VALID_KEYS_APPLIED]: validKeysApplied,
  [OTHER_KEYS_APPLIED]: otherKeysApplied,
  [LABELS_LATE]: labelsLate,
  [LINE_WITHOUT_CONFIG]: lineWithoutConfig,
  [AUTHZ_SKIPPED]: authzSkipped,
  [absentFeaturesKept.ID]: absentFeaturesKept.absentFeaturesKept,
  [attemptsKept.ID]: attemptsKept.attemptsKept,
  [debugOnlyEnables.ID]: debugOnlyEnables.debugOnlyEnables,
  [defaultNeedsKnown.ID]: defaultNeedsKnown.defaultNeedsKnown,
  [featuresFalseDropped.ID]: featuresFalseDropped.featuresFalseDropped,
  [insecureKept.ID]: insecureKept.insecureKept,
  [ipcKept.ID]: ipcKept.ipcKept,
  [labelsEmptyKept.ID]: labelsEmptyKept.labelsEmptyKept,
  [liveRestoreOnlyEnables.ID]: liveRestoreOnlyEnables.liveRestoreOnlyEnables,
  [logLevelApplied.ID]: logLevelApplied.logLevelApplied,
  [shutdownZeroKept.ID]: shutdownZeroKept.shutdownZeroKept,
  [runtimesWatched.ID]: runtimesWatched.runtimesWatched,
  [authzNeedsStartChain.ID]: authzNeedsStartChain.needsStartChain,
};
