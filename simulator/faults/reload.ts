import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type ReloadRuleId = Extract<TestableRuleId, `reload.${string}`>;

/** The faults of the reload area: one per testable rule, each noticed only by its rule's check (suites/reload/). */
export const RELOAD_FAULTS: Readonly<Record<ReloadRuleId, Fault>> = {
  'reload.sighup.applies': { breaks: 'the signal is not logged ("Got signal to reload configuration") (reload/log.ts)' },
  'reload.flags.kept': {
    breaks: 'a reload returns the download limits and features given as start flags to their defaults, as the real daemons do (reload/apply.ts)',
  },
  'reload.conflict.unchanged': { breaks: 'a reload does not compare the file with the start flags: a conflicting file is applied (reload/read.ts)' },
  'reload.invalid.unchanged': { breaks: 'unknown directives and values of the wrong type in the new file are dropped and the rest applied (reload/read.ts)' },
  'reload.needs-signal': { breaks: 'the file is read again whenever it changes, without a signal (daemon/start.ts)' },
  'reload.atomic': { breaks: 'a reload swaps the labels in first and the other options 30 ms later (reload/reload.ts)' },
  'reload.absent-keys': { breaks: 'the download limits the new file leaves out keep their value instead of returning to the defaults (reload/apply.ts)' },
  'reload.non-reloadable': { breaks: 'experimental in the new file is applied (reload/apply.ts)' },
  'reload.authz-missing': { breaks: 'a reload naming a missing authorization plugin ignores it (reload/reload.ts)' },
  'reload.option.authorization-plugins': { breaks: 'a reload that lists authorization plugins keeps the chain it had (daemon/start.ts)' },
  'reload.option.debug': { breaks: 'debug does not reload (reload/apply.ts)' },
  'reload.option.labels': {
    breaks: 'reloaded labels are added to the old ones instead of replacing them (reload/apply.ts)',
    alsoBreaks: {
      rules: ['reload.atomic'],
      why: 'atomicity is judged on the fields this option is among: a reload that never applies the option leaves /info answering neither the old configuration nor the new one',
    },
  },
  'reload.option.live-restore': {
    breaks: 'live-restore does not reload (reload/apply.ts)',
    alsoBreaks: {
      rules: ['reload.atomic'],
      why: 'atomicity is judged on the fields this option is among: a reload that never applies the option leaves /info answering neither the old configuration nor the new one',
    },
  },
  'reload.option.downloads': { breaks: 'max-concurrent-uploads does not reload (reload/apply.ts)' },
  'reload.option.runtimes': {
    breaks: 'default-runtime does not reload (runtimes do) (reload/apply.ts)',
    alsoBreaks: {
      rules: ['reload.atomic'],
      why: 'atomicity is judged on the fields this option is among: a reload that never applies the option leaves /info answering neither the old configuration nor the new one',
    },
  },
  'reload.option.registries': { breaks: 'registry-mirrors do not reload (insecure-registries do) (reload/apply.ts)' },
  'reload.option.shutdown-timeout': { breaks: 'shutdown-timeout does not reload (reload/apply.ts)' },
  'reload.option.features': { breaks: 'features do not reload (reload/apply.ts)' },
  'reload.option.undocumented': { breaks: 'default-shm-size does not reload (reload/apply.ts)' },
};
