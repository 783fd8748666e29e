import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type ConfigRuleId = Extract<TestableRuleId, `config.${string}`>;

/** The faults of the daemon-configuration area: one per testable rule, each noticed only by its rule's check (suites/daemon-config/). */
export const DAEMON_CONFIG_FAULTS: Readonly<Record<ConfigRuleId, Fault>> = {
  'config.cli.options': {
    breaks: 'the option --default-shm-size is an unknown flag (config/command.ts)',
    alsoBreaks: {
      rules: ['config.cli.options.release', 'config.file.conflict'],
      why: 'every release the simulator emulates has --default-shm-size: an option of the document it lacks is one of the release it lacks; and config.file.conflict sets every option by flag at once, so an unknown one refuses the start before any conflict is listed',
    },
  },
  'config.cli.options.release': {
    breaks: 'the option --max-download-attempts is an unknown flag (config/command.ts)',
    alsoBreaks: {
      rules: ['config.cli.options', 'config.file.conflict', 'config.values.numbers'],
      why: 'the option is documented too: one the release lacks is one of the document it lacks; config.file.conflict sets every option by flag at once, and config.values.numbers sets this one, so an unknown flag refuses those starts',
    },
  },
  'config.cli.unknown-option': {
    breaks: 'unknown long options are ignored instead of refused (config/flags/argv.ts)',
    alsoBreaks: {
      rules: ['deprecated.options.removed-refused'],
      why: 'an option the catalogue removed is no option of the release: the daemon that ignores unknown options ignores it too',
    },
  },
  'config.cli.value-required': { breaks: 'a value option last on the command line without its value takes the empty string (config/flags/argv.ts)' },
  'config.cli.bool-forms': { breaks: '`--debug=<false spelling>` turns debug on (config/flags/argv.ts)' },
  'config.cli.repeatable': { breaks: 'of several --label flags, the third and later are dropped (config/flags/argv.ts)' },
  'config.cli.feature-value': { breaks: '`--feature <name>` without a value turns the feature off (config/file/merge.ts)' },
  'config.cli.version': { breaks: '--version names the newest release the simulator knows, whatever it emulates (config/command.ts)' },
  'config.cli.help': { breaks: '--help leaves --debug out of the usage (config/command.ts)' },
  'config.cli.positional': { breaks: 'positional arguments are ignored (config/flags/argv.ts)' },
  'config.values.enum': { breaks: 'log-level, log-format, default-cgroupns-mode and default-ipc-mode take any value (config/file/validate.ts)' },
  'config.values.numbers': { breaks: 'negative max-concurrent-* and max-download-attempts are accepted (config/file/validate.ts)' },
  'config.file.json': { breaks: 'a file that is not JSON is taken as an empty configuration (config/file/read-document.ts)' },
  'config.file.keys': {
    breaks: 'the file key dns-search is an unknown directive (config/file/directives.ts)',
    alsoBreaks: {
      rules: ['config.file.keys.release'],
      why: 'every release has the key dns-search: a documented key it refuses is a key of the release it refuses',
    },
  },
  'config.file.keys.release': {
    breaks: 'the file key max-download-attempts is an unknown directive (config/file/directives.ts)',
    alsoBreaks: {
      rules: ['config.file.keys', 'config.values.numbers'],
      why: 'the key is documented too: one the release refuses is one of the document it refuses; config.values.numbers sets max-download-attempts in the file, which the fault makes an unknown directive',
    },
  },
  'config.file.unknown-key': {
    breaks: 'unknown directives are ignored (config/file/load.ts)',
    alsoBreaks: {
      rules: ['config.file.validate', 'deprecated.options.removed-refused'],
      why: "the document states --validate's failure as listing the directives that match no option: a daemon that ignores them cannot fail --validate for them; and the key of an option the catalogue removed is a directive that matches no option of the release, so it is ignored too",
    },
  },
  'config.file.plural-keys': { breaks: 'the singular key `label` in the file sets the labels, as `labels` does (config/file/merge.ts)' },
  'config.file.types': {
    breaks: 'values of the wrong type are dropped instead of refused (config/file/load.ts)',
    alsoBreaks: {
      rules: ['config.file.types.message'],
      why: 'a dropped value can still stop the start later, where what reads the setting refuses it in words that need not name the key',
    },
  },
  'config.file.types.message': { breaks: 'a value of the wrong type is refused naming the Go type only, not the key (config/file/load.ts)' },
  'config.file.nested-shapes': { breaks: 'a builder object with a gc policy is refused as malformed (config/file/load.ts)' },
  'config.file.conflict': {
    breaks: 'options set both by flag and in the file are not refused, but log-format and features (their own rules); the flag wins (config/file/load.ts)',
  },
  'config.file.absent-defaults': { breaks: 'when the file sets any option, an absent live-restore defaults to on (config/file/merge.ts)' },
  'config.file.empty': {
    breaks: 'a blank file turns debug on instead of being refused or configuring nothing (config/file/read-document.ts)',
    alsoBreaks: {
      rules: ['config.file.json'],
      why: 'a blank file is no JSON: config.file.json (strict reading) asks that it be refused, and a blank file that starts with options of its own is not refused',
    },
  },
  'config.file.unreadable': { breaks: 'a configuration file that is a directory is taken as an empty configuration (config/file/read-document.ts)' },
  'config.file.validate': { breaks: '--validate answers "configuration valid" instead of "configuration OK" (config/command.ts)' },
  'config.file.validate-absent': {
    breaks: '--validate exits 0 without any success line: neither answered nor refused (config/command.ts)',
    alsoBreaks: {
      rules: ['config.file.validate'],
      why: 'config.file.validate asks for the success line of a valid file: a --validate that prints none breaks both rules',
    },
  },
  'config.log-format.exclusive': {
    breaks: 'log-format given by flag and file is not a conflict; the flag wins (config/file/directives.ts)',
    alsoBreaks: {
      rules: ['config.file.conflict'],
      why: 'config.file.conflict sets every option both ways, log-format among them: a conflict not refused is not refused there either',
    },
  },
  'config.features.exclusive': {
    breaks: 'features given by flag and file is not a conflict; both merge (config/file/directives.ts)',
    alsoBreaks: {
      rules: ['config.file.conflict'],
      why: 'config.file.conflict sets every option both ways, features among them: a conflict not refused is not refused there either',
    },
  },
  'config.log-format.json': { breaks: '--log-format json still writes text lines (daemon/start.ts)' },
  'config.labels.conflict': { breaks: 'labels with the same key and different values are all kept (config/file/validate.ts)' },
  'config.labels.reserved': { breaks: 'labels in the reserved namespaces are accepted (config/file/validate.ts, flag-values.ts)' },
  'config.cgroup.systemd-unavailable': { breaks: 'native.cgroupdriver=systemd starts on a host without systemd (config/file/start-checks.ts)' },
  'config.cgroup.driver': { breaks: 'a native.cgroupdriver other than cgroupfs and systemd is accepted (config/file/start-checks.ts)' },
  'config.nondistributable.warning': { breaks: 'allow-nondistributable-artifacts is taken without the deprecation warning (daemon/start.ts)' },
  'config.runtimes.register': { breaks: 'shim-style runtimes (runtimeType) of the file are not registered (config/file/merge.ts)' },
  'config.runtimes.default': { breaks: 'default-runtime is ignored: the default stays runc (config/file/merge.ts)' },
  'config.cdi.spec-dirs': { breaks: 'configured CDI spec directories are ignored: the defaults are listed (config/file/merge.ts)' },
  'config.host-gateway.ips': { breaks: 'a host-gateway address that is not an IP address is accepted (config/file/validate.ts, flag-values.ts)' },
  'config.ulimits.default': { breaks: '--default-ulimit takes a soft limit above the hard one (config/file/flag-values.ts)' },
  'config.generic-resources': { breaks: 'a node generic resource without "=" is accepted (config/file/validate.ts, flag-values.ts)' },
  'config.network-opts.forms': { breaks: 'a --default-network-opt value without driver=opt=value form is accepted (config/file/flag-values.ts)' },
  'config.storage.driver': {
    breaks: 'an unknown storage driver is accepted (config/file/start-checks.ts)',
    alsoBreaks: {
      rules: ['deprecated.options.removed-refused'],
      why: 'a storage driver the catalogue removed (aufs, overlay, devicemapper) is one the release does not know: accepting unknown drivers accepts it',
    },
  },
  'config.storage.options': {
    breaks: 'storage options of other drivers, or unknown ones, are accepted (config/file/start-checks.ts)',
    alsoBreaks: {
      rules: ['deprecated.options.removed-refused'],
      why: 'a storage option the catalogue removed (overlay2.override_kernel_check) is unknown to the driver from its removal: accepting unknown options accepts it',
    },
  },
  'config.multiple-daemons': { breaks: 'the PID file of a running daemon is taken over (daemon/pidfile.ts)' },
  'config.registries.insecure': { breaks: 'a registry mirror that is not an http(s) URL is accepted (config/file/validate.ts, start-checks.ts)' },
  'config.env.proxy': { breaks: 'HTTP_PROXY, HTTPS_PROXY and NO_PROXY are ignored (config/file/merge.ts)' },
  'config.env.proxy-precedence': { breaks: "the environment's proxies win over the options (config/file/merge.ts)" },
  'config.info.effective': { breaks: 'GET /info LiveRestoreEnabled is false whatever the configuration (config/file/merge.ts)' },
  'config.info.shape': { breaks: 'GET /info leaves out OperatingSystem (daemon-config/info/)' },
};
