import type { Quirk } from './types.js';

/** Hypothetical quirks of the reload area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const RELOAD_QUIRKS: readonly Quirk[] = [
  {
    id: 'hypothetical.reload.invalid.unchanged.valid-keys-applied',
    rule: 'reload.invalid.unchanged',
    kind: 'hypothetical',
    what: 'a file refused for one key (a wrong type, a value the validation refuses) is logged as refused, and its other keys are applied all the same: half of a refused reload',
  },
  {
    id: 'hypothetical.reload.invalid.unchanged.registries-last',
    rule: 'reload.invalid.unchanged',
    kind: 'hypothetical',
    what: 'the registry values are checked only after the other options were applied, so a file refused for its insecure-registries or mirrors leaves its labels, limits and runtimes applied (what 20.10 does, on a release that otherwise swaps one configuration)',
  },
  {
    id: 'hypothetical.reload.conflict.unchanged.other-keys-applied',
    rule: 'reload.conflict.unchanged',
    kind: 'hypothetical',
    what: 'a file that repeats a start flag is logged as a conflict, and its non-conflicting keys are applied all the same',
  },
  {
    id: 'hypothetical.reload.non-reloadable.log-level-applied',
    rule: 'reload.non-reloadable',
    kind: 'hypothetical',
    what: "a reload applies the file's log-level, which is not in the reloadable list",
  },
  {
    id: 'hypothetical.reload.absent-keys.features-kept',
    rule: 'reload.absent-keys',
    kind: 'hypothetical',
    what: 'features the new file leaves out keep the old set instead of becoming none',
  },
  {
    id: 'hypothetical.reload.atomic.labels-late',
    rule: 'reload.atomic',
    kind: 'hypothetical',
    what: 'the labels change a moment after the rest of the configuration: an /info answer in between mixes old labels with new runtimes',
  },
  {
    id: 'hypothetical.reload.sighup.applies.line-without-config',
    rule: 'reload.sighup.applies',
    kind: 'hypothetical',
    what: 'the reload is logged as "Reloaded configuration" without the configuration it applied',
  },
  {
    id: 'hypothetical.reload.authz-missing.skipped',
    rule: 'reload.authz-missing',
    kind: 'hypothetical',
    what: 'a reload naming an authorization plugin that cannot be found skips it with a warning and keeps serving',
  },
  { id: 'hypothetical.reload.option.debug.only-enables', rule: 'reload.option.debug', kind: 'hypothetical', what: 'a reload can switch debug on but not off' },
  {
    id: 'hypothetical.reload.option.live-restore.only-enables',
    rule: 'reload.option.live-restore',
    kind: 'hypothetical',
    what: 'a reload can switch live-restore on but not off',
  },
  {
    id: 'hypothetical.reload.option.labels.empty-kept',
    rule: 'reload.option.labels',
    kind: 'hypothetical',
    what: 'a reload whose labels are [] keeps the old set (the empty list taken for "not set"), so the set is not replaced',
  },
  {
    id: 'hypothetical.reload.option.downloads.attempts-kept',
    rule: 'reload.option.downloads',
    kind: 'hypothetical',
    what: 'max-download-attempts does not reload (the two concurrency limits do)',
  },
  {
    id: 'hypothetical.reload.option.runtimes.default-needs-known',
    rule: 'reload.option.runtimes',
    kind: 'hypothetical',
    what: "default-runtime reloads only when it names a runtime registered before the reload; a default among the file's new runtimes is ignored",
  },
  {
    id: 'hypothetical.reload.option.registries.insecure-kept',
    rule: 'reload.option.registries',
    kind: 'hypothetical',
    what: 'insecure-registries do not reload (registry-mirrors do)',
  },
  {
    id: 'hypothetical.reload.option.shutdown-timeout.zero-kept',
    rule: 'reload.option.shutdown-timeout',
    kind: 'hypothetical',
    what: 'a shutdown-timeout of 0 is taken for "not set" and the old time-out stays',
  },
  {
    id: 'hypothetical.reload.option.features.false-dropped',
    rule: 'reload.option.features',
    kind: 'hypothetical',
    what: 'a feature the reloaded file sets to false is left out of the set instead of being switched off',
  },
  {
    id: 'hypothetical.reload.option.undocumented.ipc-kept',
    rule: 'reload.option.undocumented',
    kind: 'hypothetical',
    what: 'default-ipc-mode does not reload (default-shm-size does)',
  },
  {
    id: 'hypothetical.reload.needs-signal.runtimes-watched',
    rule: 'reload.needs-signal',
    kind: 'hypothetical',
    what: 'the daemon watches its file for runtimes: rewritten runtimes are registered without a signal (the other options wait for SIGHUP)',
  },
  {
    id: 'hypothetical.reload.option.authorization-plugins.needs-start-chain',
    rule: 'reload.option.authorization-plugins',
    kind: 'hypothetical',
    what: 'the authorization middleware is installed at start only when plugins are listed then: a reload changes the plugins of a daemon that started with some, but a daemon started without any stays without (the reload is logged as applied)',
  },
];
