import { PROCESS, daemonDoc, rule } from '../kit.js';
import { AREA, RELOAD } from './kit.js';

const TABLE = 'States and transitions › Daemon reload';
const observed = 'dockerd 20.10.24, 26.1.5 and 28.5.2, observed on this machine (scripts of 2026-11-23)';

/** The transitions of the reload table, and what the real daemons do where the table is silent. */
export const RELOAD_TRANSITION_RULES = [
  rule({
    id: 'reload.sighup.applies',
    title: 'SIGHUP with a file that does not conflict with the start flags reloads it; the daemon keeps running',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      TABLE,
      'Running | `SIGHUP` (Linux) … | configuration file does not conflict with flags given at start | Running, with changed reloadable options applied',
    ),
    reading:
      'The transition is visible in the log: a line "Got signal to reload configuration" naming the file, then "Reloaded configuration" with the effective configuration as JSON (20.10 and 26.1 inline after a colon, 28.5 as a structured `config` field, observed), and the daemon answers throughout. Which options changed is the business of the reload.option.* rules.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'Generated valid, non-conflicting files: after SIGHUP both lines are logged, the second with a JSON object, and /_ping answers 200.',
    testability: { testable: true },
  }),
  rule({
    id: 'reload.flags.kept',
    title: 'A reload leaves the options given as start flags as they are',
    area: AREA,
    level: 'must',
    source: daemonDoc(TABLE, 'configuration file does not conflict with flags given at start | Running, with changed reloadable options applied'),
    reading:
      "A reload applies the options the file changes. An option given as a start flag cannot be in the file (that is the conflict row), so a reload does not change it: it keeps the flag's value, whatever else the file holds. (The real daemons return the download limits and features given as flags to their defaults on every reload: a known deviation; reload.absent-keys says what they do with keys an earlier file set.)",
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "Generated start flags (always a max-concurrent-downloads other than the default, and a feature where --feature exists) and valid files that do not repeat them: after each reload, every option given as a flag shows its flag's value.",
    testability: { testable: true },
  }),
  rule({
    id: 'reload.conflict.unchanged',
    title: 'A file that conflicts with a start flag leaves the daemon running and unchanged',
    area: AREA,
    level: 'must',
    source: daemonDoc(TABLE, 'file conflicts with a flag given at start | Running, unchanged | the daemon does not reconfigure itself and does not stop'),
    reading: `The conflict is the start-up one (a key given as a flag too), worded as at start and logged at level error (${observed}). Every option stays as it was, including those of the file that do not conflict.`,
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'Generated start flags and a file repeating one of them among reloadable changes: after SIGHUP, /info is as before, an error line names the directive, and the daemon answers.',
    testability: { testable: true },
  }),
  rule({
    id: 'reload.invalid.unchanged',
    title: 'An invalid or unreadable file leaves the daemon running and unchanged, and the log says why',
    area: AREA,
    level: 'implementation',
    source: { kind: 'implementation', reference: 'moby daemon/config/config.go Reload; cmd/dockerd reloadConfig', observed },
    reading:
      'The document names only the conflict; a file that breaks the document\'s key types or bounds cannot be "applied" either, and the whole reload is refused: not JSON, a directive that matches no option, a value of the wrong type, a value the validation refuses ("file configuration validation failed: …"), duplicate labels with different values, runtimes or registry values the daemon refuses ("Error reconfiguring the daemon"), a path that is a directory or missing. Nothing of the file is applied, not even its valid keys, and an error line is logged (20.10 and 26.1: the error as the message; 28.5: "Error reloading configuration" with the error as a field). 20.10 applies the options it handles before refused registry values: its known deviation.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'An invalid value of every reloadable key, alone and among valid changes to the other keys, and every other kind of broken file, in every sequence: after SIGHUP, /info (and the reload line, where one is logged) is as before, an error line is logged, and the daemon answers.',
    testability: { testable: true },
  }),
  rule({
    id: 'reload.needs-signal',
    title: 'A rewritten file takes effect only on reload',
    area: AREA,
    level: 'must',
    source: daemonDoc('Nested shapes, runtimes rule 4', 'After changing runtime configuration in the file, the daemon must be reloaded or restarted.'),
    reading:
      'Read for every reloadable option, not only runtimes: the daemon does not watch its file. Until the signal, /info shows the configuration in effect.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated changes written to the file: /info is unchanged until SIGHUP, and shows them after it.',
    testability: { testable: true },
  }),
  rule({
    id: 'reload.atomic',
    title: 'A reload is atomic for clients: every answer shows the old daemon configuration or the new one wholly',
    area: AREA,
    level: 'implementation',
    source: {
      kind: 'implementation',
      reference: 'moby daemon/reload.go: "a two-phase commit protocol"; the new configuration is swapped in at once (configStore.Store)',
    },
    reading:
      'Read as the real daemons can keep it: the options of the daemon configuration, which a reload of 26.1 and 28.5 swaps at once and /info reads from one snapshot (Labels, LiveRestoreEnabled, Runtimes, DefaultRuntime), are all old or all new in every answer (20.10 applies them one at a time: its known deviation). Debug and the registry settings are not: the real daemons change them apart from that swap, and an answer can mix them (reload.partial-answers). ctrd-sim keeps every field in the one swap.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Two generated configurations alternated by 20 reloads under 8 concurrent /info readers: each answer matches one of them in every field.',
    testability: { testable: true },
  }),
  rule({
    id: 'reload.partial-answers',
    title: 'During a reload an /info answer can mix the new configuration with the old Debug or registry settings, or the reverse',
    area: AREA,
    level: 'implementation',
    source: {
      kind: 'implementation',
      reference:
        'cmd/dockerd reloadConfig switches debug logging after daemon.Reload (/info Debug is debug.IsEnabled()); daemon/reload.go replaces the registry service configuration in the commit after the swap, and /info reads it apart from the configuration snapshot',
      observed:
        'dockerd 20.10.24 and 28.5.2, 8 readers during reloads (2026-11-23): answers with the new labels, live-restore and mirrors but the old Debug, and answers with the old labels and live-restore but the new mirrors',
    },
    reading:
      'So reload.atomic covers only the configuration snapshot, and the checks of Debug and of the registry settings give them a moment after the reload is logged. ctrd-sim changes everything in one swap.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'A reader racing a reload may see Debug or RegistryConfig a few microseconds apart from the rest.',
    testability: {
      testable: false,
      why: 'a race of microseconds that a test sees only sometimes: a check that found no lag would report a pass it cannot vouch for',
    },
  }),
  rule({
    id: 'reload.absent-keys',
    title: 'Keys absent from the new file keep their value, except the download limits and features',
    area: AREA,
    level: 'implementation',
    source: {
      kind: 'implementation',
      reference:
        'moby daemon/reload.go: each option changes only if conf.IsValueSet; max-concurrent-downloads/-uploads and max-download-attempts are always reset; features are replaced',
      observed,
    },
    reading:
      'An option the new file does not name keeps the value an earlier file or reload gave it. max-concurrent-downloads, max-concurrent-uploads and max-download-attempts return to their defaults (3, 5, 5) when the file does not name them or, on 26.1 and 28.5, gives 0 (20.10 takes 0 downloads or uploads as 0 and refuses max-download-attempts 0, observed); features become the file\'s set, none when absent. Read in the "Reloaded configuration" line. Options given as start flags are reload.flags.kept\'s (the document keeps them; the real daemons reset the limits and features given as flags too, its known deviation), so they are not judged here.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      "Generated start flags and files leaving options out: the reload line and /info keep the earlier values, and show 3/5/5 for the download limits and the file's features.",
    testability: { testable: true },
  }),
  rule({
    id: 'reload.non-reloadable',
    title: 'Options that do not reload are checked but not applied',
    area: AREA,
    level: 'implementation',
    source: {
      kind: 'implementation',
      reference: 'moby daemon/config/config.go Reload: Validate(newConfig), then only the reloadable options are copied',
      observed,
    },
    reading:
      'storage-driver, experimental, log-level, mtu and the other options outside the reloadable list keep their start-up value. They are still validated: 26.1 and 28.5 refuse an invalid log-level or a negative mtu (the reload fails, reload.invalid.unchanged); 20.10 does not check them on reload.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      "Generated files with valid non-reloadable values: /info Driver, ExperimentalBuild and the reload line's log-level keep their start-up values.",
    testability: { testable: true },
  }),
  rule({
    id: 'reload.authz-missing',
    title: 'A reload naming an authorization plugin that cannot be found ends the daemon',
    area: AREA,
    level: 'implementation',
    source: { kind: 'implementation', reference: 'cmd/dockerd reloadConfig: validateAuthzPlugins, then log Fatal', observed },
    reading:
      'Not "Running, unchanged": the plugin is looked up with retries logged as warnings ("Unable to locate plugin: NAME, retrying in 1s", then 2s, 4s, 8s), then a fatal line "Error validating authorization plugin" and the process exits with status 1, about 15 s after the signal, leaving its socket behind. A plugin that is missing never lets a request through: the daemon stops instead.',
    applies: PROCESS,
    requires: RELOAD,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'A file naming a generated plugin name that no plugin has: the retry warnings, the fatal line, and within 5 s of it (the process exits just after writing it) no answer.',
    testability: { testable: true },
  }),
  rule({
    id: 'reload.other-platform',
    title: 'On the other platform a named event triggers the reload',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(TABLE, 'a global named event `Global\\ctr-daemon-config-$PID` (other platform)'),
    applies: { platforms: ['windows'], surface: 'daemon-process' },
    requires: RELOAD,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Setting the event Global\\ctr-daemon-config-<pid> reloads as SIGHUP does.',
    testability: { testable: false, why: 'needs a daemon on the other platform (Windows named events)' },
  }),
] as const;
