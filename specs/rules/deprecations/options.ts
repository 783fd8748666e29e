import { LINUX, TESTABLE, daemonDoc, rule } from '../kit.js';
import { AREA } from './kit.js';

/** The daemon options the catalogue removes, per release. */
export const OPTION_RULES = [
  rule({
    id: 'deprecated.options.removed-refused',
    title: 'A daemon option or storage driver the catalogue lists as removed is refused from its removal release',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Feature lifecycle; Deprecation catalogue (API CORS header option, daemon OOM-score adjustment, legacy clustering, legacy registry, -g/--graph, --api-enable-cors, the aufs, overlay and devicemapper storage drivers, fluentd-async-connect, driver-specific log tags, overlay2.override_kernel_check)',
      '| Deprecated | a later release removes it | after at least one stable release | Removed |',
    ),
    reading:
      'For every row that removes a daemon option itself (specs/deprecations.ts REMOVED_DAEMON_OPTIONS), in a release where common/lifecycle.ts puts the row in the state Removed: the flag given at start (--<flag>=<value>) and the key given in the configuration file each make the daemon refuse to start; likewise --storage-driver=<driver> for the removed drivers (REMOVED_STORAGE_DRIVERS: aufs, overlay, devicemapper), a removed log option with its driver (REMOVED_LOG_OPTIONS: fluentd-async-connect from 28.0, the driver-specific tags) and a removed storage option (overlay2.override_kernel_check from 24.0), with a non-zero exit and a message naming the option. 28.x still parses --api-cors-header but refuses any non-empty value (observed), which is a refusal all the same. Releases where no listed option is removed yet have nothing to judge.',
    applies: { platforms: LINUX, surface: 'daemon-process' },
    requires: ['start', 'exit'],
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'Each removed option of the release, by flag and by file key, with a generated value, and each removed storage driver, log option and storage option: the daemon exits non-zero and its output names it.',
    testability: TESTABLE,
  }),
] as const;
