import { inRange } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { SimError } from '../../errors.js';
import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): a tcp listen address with a path is refused at start. */
export const TCP_PATH_REFUSED = 'observed.listen.tcp.path';
export const tcpPathRefused: QuirkModule = {
  where:
    'simulator/quirks/listeners/tcp-path-refused.ts, its row of simulator/listeners/address-variant.ts (ADDRESS_VARIATIONS), read by simulator/listeners/address.ts (tcp)',
};

/** The refusal in each release's words (observed 2026-11-24). */
export function refuseTcpPath(raw: string, port: string, path: string, release: DaemonRelease): SimError {
  if (inRange(release.release, { min: '26.0' })) {
    return new SimError('SIM_USAGE', `invalid argument "${raw}" for "-H, --host" flag: invalid bind address (${raw}): should not contain a path element`);
  }
  return new SimError('SIM_LISTEN', `failed to load listeners: listen tcp: address tcp/${port}${path}: unknown port`);
}
