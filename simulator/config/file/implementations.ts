import type { Implementation } from '../../implementation.js';

/** Where the daemon-configuration area's rules live in the simulator (the /info route declares its own). */
export const DAEMON_CONFIG_IMPLEMENTATIONS: readonly Implementation[] = [
  {
    where:
      'simulator/config/flags/argv.ts: parseArgv; simulator/config/command.ts: runCommandLine (usage errors, --help, --version, --validate as each release prints them)',
    rules: [
      'config.cli.options',
      'config.cli.options.release',
      'config.cli.unknown-option',
      'config.cli.value-required',
      'config.cli.bool-forms',
      'config.cli.repeatable',
      'config.cli.version',
      'config.cli.help',
      'config.cli.positional',
      'config.file.validate',
      'config.file.validate-absent',
    ],
  },
  {
    where: 'simulator/config/file/flag-values.ts: checkFlagValues (values the flag library checks as it parses)',
    rules: [
      'config.cli.feature-value',
      'config.ulimits.default',
      'config.network-opts.forms',
      'config.generic-resources',
      'config.host-gateway.ips',
      'config.labels.reserved',
    ],
  },
  {
    where: 'simulator/config/file/read-document.ts: readDocument (JSON, blank, unreadable files)',
    rules: ['config.file.json', 'config.file.empty', 'config.file.unreadable'],
  },
  {
    where: 'simulator/config/file/directives.ts + simulator/config/file/load.ts: unknown and conflicting directives, value types, nested shapes',
    rules: [
      'config.file.keys',
      'config.file.keys.release',
      'config.file.unknown-key',
      'config.file.plural-keys',
      'config.file.types',
      'config.file.types.message',
      'config.file.nested-shapes',
      'config.file.conflict',
      'config.log-format.exclusive',
      'config.features.exclusive',
    ],
  },
  {
    where: 'simulator/config/file/merge.ts: mergeSettings (flags, file, environment, defaults)',
    rules: [
      'config.file.absent-defaults',
      'config.cli.repeatable',
      'config.runtimes.register',
      'config.runtimes.default',
      'config.cdi.spec-dirs',
      'config.env.proxy',
      'config.env.proxy-precedence',
      'config.info.effective',
      'config.storage.driver',
    ],
  },
  {
    where: 'simulator/config/file/validate.ts: validateSettings (the merged configuration, before anything starts)',
    rules: [
      'config.labels.conflict',
      'config.labels.reserved',
      'config.values.enum',
      'config.values.numbers',
      'config.generic-resources',
      'config.host-gateway.ips',
      'config.registries.insecure',
    ],
  },
  {
    where: 'simulator/config/file/start-checks.ts: checkAtStart (what fails only as the daemon starts); simulator/daemon/pidfile.ts',
    rules: [
      'config.cgroup.systemd-unavailable',
      'config.cgroup.driver',
      'config.storage.driver',
      'config.storage.options',
      'config.registries.insecure',
      'config.multiple-daemons',
    ],
  },
  { where: 'simulator/log.ts: formatJsonLogLine (--log-format json)', rules: ['config.log-format.json'] },
  { where: 'simulator/config/deprecation-warnings.ts: warnDeprecatedSettings', rules: ['config.nondistributable.warning'] },
];
