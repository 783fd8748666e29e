import type { QuirkModule } from '../quirk-module.js';
import { INFO_NONDISTRIBUTABLE_FROM_147 } from './info-nondistributable-from-1.47.js';
import { NONDISTRIBUTABLE_FLAG_ONLY } from './nondistributable-flag-only.js';
import { SYSTEMD_CGROUP_ACCEPTED } from './systemd-cgroup-accepted.js';

/** The quirks of the daemon-config area, by id (one module each in this directory). */
export const DAEMON_CONFIG_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [SYSTEMD_CGROUP_ACCEPTED]: { where: 'quirks/daemon-config/systemd-cgroup-accepted.ts; daemon-config/start-checks.ts (checkAtStart)' },
  [NONDISTRIBUTABLE_FLAG_ONLY]: { where: 'quirks/daemon-config/nondistributable-flag-only.ts; daemon-config/deprecation-warnings.ts (no log warning), daemon-config/command.ts (the flag\'s pflag line)' },
  [INFO_NONDISTRIBUTABLE_FROM_147]: { where: 'quirks/daemon-config/info-nondistributable-from-1.47.ts; daemon-config/info/route.ts, info/shape.ts (shapeRegistryConfig)' },
};
