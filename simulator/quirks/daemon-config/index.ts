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
};
