import fc from 'fast-check';
import { RELOADABLE_KEYS } from '../../specs/options.js';
import { suiteName } from '../arbitraries/values.js';
import {
  conflictItem,
  everyConflict,
  everyInvalidKey,
  flaggedKeys,
  FLAWS,
  flawedFiles,
  fullSetups,
  invalidItem,
  notFlagged,
  oneOfEachFlaw,
  startSetups,
  validDocs,
  type ReloadFile,
  type StartSetup,
} from './files.js';
import { ALL_FIELDS, fieldsNamed, modelCheck } from './model-run.js';

const valid = (setup: StartSetup, nonReloadable = false): fc.Arbitrary<ReloadFile> =>
  notFlagged(setup, validDocs(undefined, { runtimes: true, nonReloadable })).map((doc): ReloadFile => ({ doc, flaw: 'none' }));
/** Valid files and files with a flaw of `kinds`, in about equal numbers. */
const mixed = (setup: StartSetup, keep: (file: ReloadFile) => boolean): fc.Arbitrary<ReloadFile> =>
  fc.oneof({ weight: 1, arbitrary: valid(setup) }, { weight: 2, arbitrary: flawedFiles(setup, validDocs(undefined, { runtimes: true })).filter(keep) });

/**
 * Runtimes replaced without naming a default, after a reload made one of them the default: a valid
 * file on every release (23.0 and later refuse it and keep running; 20.10 applies it).
 */
const runtimesSwap = fc
  .uniqueArray(
    suiteName(5).map((n) => `${n}-rt`),
    { minLength: 2, maxLength: 2 },
  )
  .map(([a, b]): ReloadFile[] => [
    { doc: { runtimes: { [a!]: { path: '/usr/bin/runc' } }, 'default-runtime': a! }, flaw: 'none' },
    { doc: { runtimes: { [b!]: { path: '/usr/bin/runc' } } }, flaw: 'none' },
  ]);

export const sighupAppliesCheck = modelCheck({
  rule: 'reload.sighup.applies',
  lens: { lines: true },
  files: (setup) => valid(setup),
  firstFiles: () => runtimesSwap,
  summary: 'every reload of a valid file logs the signal and "Reloaded configuration" with the configuration, and the daemon answers',
});

/** Start flags that a reload resetting them would show: a download limit other than the default, and a feature. */
const flaggedSetups = fc
  .tuple(startSetups, fc.integer({ min: 4, max: 9 }), fc.boolean())
  .map(([setup, downloads, cdi]): StartSetup => ({ ...setup, maxConcurrentDownloads: downloads, features: { cdi } }));

export const flagsKeptCheck = modelCheck({
  rule: 'reload.flags.kept',
  lens: { flagsKept: true },
  files: (setup) => valid(setup),
  setups: flaggedSetups,
  summary: "every option given as a start flag keeps the flag's value through every reload",
});

export const conflictCheck = modelCheck({
  rule: 'reload.conflict.unchanged',
  lens: { refused: true },
  files: (setup) => mixed(setup, (file) => file.flaw === 'conflict'),
  // Every start flag the suite sets is given, and every sequence first repeats each of them in the
  // file, one reload each, among valid changes to other keys; then any sequence.
  setups: fullSetups,
  firstFiles: (setup) => everyConflict(setup, validDocs(undefined, { runtimes: true })),
  documentedItems: () =>
    flaggedKeys({
      debug: true,
      labels: [],
      maxConcurrentDownloads: 1,
      liveRestore: true,
      insecure: [],
      shutdownTimeout: 1,
      features: {},
    }).map(conflictItem),
  summary: 'a file repeating a start flag fails the reload: an error line, /info and the configuration unchanged, the daemon answering',
});

export const invalidCheck = modelCheck({
  rule: 'reload.invalid.unchanged',
  lens: { refused: true },
  files: (setup) => mixed(setup, (file) => file.flaw !== 'conflict'),
  // No start flags: every reloadable key is the file's, so that each can be the invalid one.
  setups: fc.constant({}),
  // Every sequence: an invalid value of every reloadable key, alone and among valid changes to
  // other keys, and every other kind of broken file, in a generated order, each judged after its
  // own reload (nothing of it applied); then any sequence.
  firstFiles: (setup) =>
    fc
      .tuple(
        everyInvalidKey(),
        oneOfEachFlaw(
          setup,
          validDocs(undefined, { runtimes: true }),
          FLAWS.filter((flaw) => flaw !== 'conflict'),
        ),
      )
      .chain(([invalid, other]) =>
        fc.shuffledSubarray([...invalid, ...other], { minLength: invalid.length + other.length, maxLength: invalid.length + other.length }),
      ),
  documentedItems: RELOADABLE_KEYS.flatMap((key) => [invalidItem(key, true), invalidItem(key, false)]),
  summary:
    'an invalid value of any reloadable key, alone or among valid changes, and a file that is not JSON, names an unknown directive, a wrong type, duplicate labels or a runtime the daemon refuses fail the whole reload: an error line, nothing of the file applied, the daemon answering',
});

export const needsSignalCheck = modelCheck({
  rule: 'reload.needs-signal',
  lens: { beforeSignal: true },
  files: (setup) => valid(setup),
  summary: 'a rewritten file changes nothing in /info until SIGHUP',
});

export const absentKeysCheck = modelCheck({
  rule: 'reload.absent-keys',
  lens: {
    applied: (file) =>
      fieldsNamed(
        file,
        false,
        ALL_FIELDS.filter((f) => f !== 'experimental' && f !== 'driver' && f !== 'logLevel'),
      ),
  },
  files: (setup) => valid(setup),
  // No start flags (reload.flags.kept judges those); every sequence first sets the options whose
  // absence the document gives a meaning (features, the download limits) and then leaves them all
  // out, so that a daemon keeping them is seen on every run.
  setups: fc.constant({}),
  firstFiles: () =>
    fc.tuple(fc.boolean(), fc.integer({ min: 4, max: 9 }), suiteName(5)).map(([cdi, limit, label]): ReloadFile[] => [
      {
        doc: {
          features: { cdi },
          'max-concurrent-downloads': limit,
          'max-concurrent-uploads': limit,
          'max-download-attempts': limit,
          labels: [`ctc-${label}=1`],
        },
        flaw: 'none',
      },
      { doc: {}, flaw: 'none' },
    ]),
  summary: "options a reloaded file leaves out keep their values; the download limits go back to 3/5/5 and features to the file's",
});

export const nonReloadableCheck = modelCheck({
  rule: 'reload.non-reloadable',
  lens: { applied: () => ['experimental', 'driver', 'logLevel'], refused: true },
  // Every valid file turns experimental on: a daemon that applied it would show it.
  files: (setup) =>
    fc.oneof(
      valid(setup, true).map((file): ReloadFile => ({ ...file, doc: { ...file.doc, experimental: true } })),
      flawedFiles(setup, validDocs(['debug'])).filter((file) => file.flaw === 'invalid-non-reloadable'),
    ),
  summary: 'experimental, storage-driver and log-level in a reloaded file change nothing (an invalid log-level fails the reload from 23.0)',
});
