import fc from 'fast-check';
import type { RuleCheck } from '../harness/rule-check.js';
import { notFlagged, setupsLeaving, validDocs, type ReloadFile, type StartSetup } from './files.js';
import { fieldsNamed, modelCheck } from './model-run.js';
import type { StateField } from './state.js';
import type { RuleId } from '../../specs/catalogue.js';

interface OptionCheckExtras {
  /** Values of the keys in place of RELOADABLE_VALUES'. */
  readonly values?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** The reloads every sequence begins with. */
  readonly firstFiles?: fc.Arbitrary<readonly ReloadFile[]>;
}

/** Valid files of some reloadable keys, every one named by some of them. */
const filesOf =
  (keys: readonly string[], runtimes = false, values?: OptionCheckExtras['values']) =>
  (setup: StartSetup): fc.Arbitrary<ReloadFile> =>
    notFlagged(setup, validDocs(keys, { runtimes, required: keys, ...(values === undefined ? {} : { values }) })).map(
      (doc): ReloadFile => ({ doc, flaw: 'none' }),
    );

/** The rule of one or more reloadable options: after each applied reload naming them, they show the file's values. */
const optionCheck = (
  rule: RuleId,
  keys: readonly string[],
  fields: readonly StateField[],
  summary: string,
  runtimes = false,
  extras: OptionCheckExtras = {},
): RuleCheck =>
  modelCheck({
    rule,
    lens: { applied: (file) => fieldsNamed(file, true, fields) },
    files: filesOf(keys, runtimes, extras.values),
    setups: setupsLeaving(keys),
    summary,
    ...(extras.firstFiles === undefined ? {} : { firstFiles: () => extras.firstFiles! }),
  });

const timeoutFile = (timeout: number): ReloadFile => ({ doc: { 'shutdown-timeout': timeout }, flaw: 'none' });
/** A positive limit: the document gives 0 no meaning (the releases take it as the default; reload.absent-keys judges that). */
const positiveLimit = fc.integer({ min: 1, max: 9 });

export const debugCheck = optionCheck('reload.option.debug', ['debug'], ['debug'], '/info Debug follows every applied reload that names debug');
export const labelsCheck = optionCheck('reload.option.labels', ['labels'], ['labels'], '/info Labels is the set of the last applied reload that named labels');
export const liveRestoreCheck = optionCheck(
  'reload.option.live-restore',
  ['live-restore'],
  ['liveRestore'],
  '/info LiveRestoreEnabled follows every applied reload that names live-restore',
);
export const downloadsCheck = optionCheck(
  'reload.option.downloads',
  ['max-concurrent-downloads', 'max-concurrent-uploads', 'max-download-attempts'],
  ['maxConcurrentDownloads', 'maxConcurrentUploads', 'maxDownloadAttempts'],
  'the reload line shows the download limits each applied reload named',
  false,
  { values: { 'max-concurrent-downloads': positiveLimit, 'max-concurrent-uploads': positiveLimit, 'max-download-attempts': positiveLimit } },
);
export const runtimesCheck = optionCheck(
  'reload.option.runtimes',
  [],
  ['runtimes', 'defaultRuntime'],
  '/info Runtimes and DefaultRuntime follow every applied reload that names them',
  true,
);
export const registriesCheck = optionCheck(
  'reload.option.registries',
  ['insecure-registries', 'registry-mirrors'],
  ['insecure', 'mirrors'],
  '/info RegistryConfig shows the insecure CIDRs and mirrors of every applied reload that names them',
);
export const shutdownTimeoutCheck = optionCheck(
  'reload.option.shutdown-timeout',
  ['shutdown-timeout'],
  ['shutdownTimeout'],
  'the reload line shows each applied shutdown-timeout',
  false,
  {
    // The boundary 0 (no wait) after a time-out of some seconds, then another: each must show.
    firstFiles: fc.tuple(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 120 })).map(([a, b]) => [timeoutFile(a), timeoutFile(0), timeoutFile(b)]),
  },
);
export const featuresCheck = optionCheck(
  'reload.option.features',
  ['features'],
  ['features'],
  'the reload line shows the features of each applied reload that names them',
);
export const undocumentedCheck = optionCheck(
  'reload.option.undocumented',
  ['default-shm-size', 'default-ipc-mode', 'default-cgroupns-mode'],
  ['shmBytes', 'ipcMode', 'cgroupnsMode'],
  'the reload line shows default-shm-size, default-ipc-mode and default-cgroupns-mode as each applied reload named them',
);
