import type { Implementation } from '../implementation.js';

/** Where the reload area's rules live in the simulator. */
export const RELOAD_IMPLEMENTATIONS: readonly Implementation[] = [
  {
    where: 'simulator/reload/read.ts: readForReload (the file read again, checked against the start flags and validated alone)',
    rules: ['reload.conflict.unchanged', 'reload.invalid.unchanged', 'reload.non-reloadable'],
  },
  {
    where: 'simulator/reload/reload.ts: reloadConfiguration (SIGHUP: read, plugins, runtimes, one swap, the log lines); simulator/reload/log.ts',
    rules: ['reload.sighup.applies', 'reload.atomic', 'reload.needs-signal'],
  },
  {
    where:
      'simulator/reload/apply.ts: applyReload (what each reloadable option becomes; options given as start flags kept), reconfigureProblem (runtimes and registry values refused)',
    rules: [
      'reload.flags.kept',
      'reload.absent-keys',
      'reload.option.debug',
      'reload.option.labels',
      'reload.option.live-restore',
      'reload.option.downloads',
      'reload.option.runtimes',
      'reload.option.registries',
      'reload.option.shutdown-timeout',
      'reload.option.features',
      'reload.option.undocumented',
    ],
  },
  {
    where: 'simulator/reload/authz.ts: missingPluginIsFatal (the lookup retries, then the fatal line; simulator/daemon/start.ts ends the daemon)',
    rules: ['reload.authz-missing'],
  },
  {
    where: 'simulator/reload/reload.ts: the listed plugins are found; simulator/daemon/start.ts: chainAfterReload serves them from the next request',
    rules: ['reload.option.authorization-plugins'],
  },
];
