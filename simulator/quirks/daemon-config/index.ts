import type { QuirkModule } from '../quirk-module.js';
import { ABSENT_OPTION_QUIRKS } from './absent-options.js';

const ABSENT: QuirkModule = { where: 'quirks/daemon-config/absent-options.ts; config/resolve.ts (checkReleaseFlags), daemon-config/command.ts (parse, usage), daemon-config/directives.ts (unknown directives)' };

/** The quirks of the daemon-config area, by id (one module each in this directory). */
export const DAEMON_CONFIG_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  ...Object.fromEntries(ABSENT_OPTION_QUIRKS.map((id) => [id, ABSENT])),
  'observed.config.file.json': { where: 'quirks/daemon-config/json-forms.ts; daemon-config/read-document.ts' },
  'observed.config.values.enum': { where: 'quirks/daemon-config/log-levels.ts; daemon-config/validate.ts' },
  'observed.config.file.types': { where: 'quirks/daemon-config/types-unchecked.ts; daemon-config/load.ts (checkDocument)' },
  'observed.config.file.conflict': { where: 'quirks/daemon-config/conflicts-merged.ts; daemon-config/directives.ts (conflictingDirectives)' },
  'observed.config.runtimes.default': { where: 'quirks/daemon-config/default-runtime-registered.ts; daemon-config/validate.ts' },
  'observed.config.cdi.spec-dirs': { where: 'quirks/daemon-config/cdi-unlisted.ts and absent-options.ts; daemon-config/info/route.ts' },
  'observed.config.cgroup.systemd-unavailable': { where: 'quirks/daemon-config/systemd-unchecked.ts; daemon-config/start-checks.ts' },
  'observed.config.nondistributable.warning': { where: 'quirks/daemon-config/nondistributable-flag-only.ts; daemon-config/deprecation-warnings.ts' },
  'observed.config.info.shape': { where: 'quirks/daemon-config/registry-config-early.ts; daemon-config/info/route.ts' },
  'hypothetical.config.file.conflict.log-opts-merged': { where: 'quirks/daemon-config/log-opts-merged.ts; quirks/daemon-config/conflicts-merged.ts' },
  'hypothetical.config.file.conflict.address-pools-merged': { where: 'quirks/daemon-config/address-pools-merged.ts; quirks/daemon-config/conflicts-merged.ts' },
  'hypothetical.config.log-format.exclusive.equal-accepted': { where: 'quirks/daemon-config/log-format-equal-accepted.ts; daemon-config/directives.ts' },
  'hypothetical.config.features.exclusive.disjoint-accepted': { where: 'quirks/daemon-config/features-disjoint-accepted.ts; daemon-config/directives.ts' },
  'hypothetical.config.file.json.trailing-data': { where: 'quirks/daemon-config/trailing-data.ts; quirks/daemon-config/json-forms.ts, daemon-config/read-document.ts' },
  'hypothetical.config.file.json.bom-dropped': { where: 'quirks/daemon-config/bom-dropped.ts; quirks/daemon-config/json-forms.ts, daemon-config/read-document.ts' },
  'hypothetical.config.file.types.ulimits-ignored': { where: 'quirks/daemon-config/ulimits-untyped.ts; quirks/daemon-config/types-unchecked.ts, daemon-config/load.ts' },
  'hypothetical.config.values.enum.ipc-host': { where: 'quirks/daemon-config/ipc-host.ts; daemon-config/validate.ts' },
  'hypothetical.config.file.validate.unknown-exit-0': { where: 'quirks/daemon-config/validate-unknown-exit-0.ts; daemon-config/command.ts' },
  'hypothetical.config.file.unknown-key.proxies-ignored': { where: 'quirks/daemon-config/proxies-unknown-ignored.ts; daemon-config/load.ts' },
  'hypothetical.config.cdi.spec-dirs.flag-ignored': { where: 'quirks/daemon-config/cdi-flag-ignored.ts; daemon-config/merge.ts' },
};
