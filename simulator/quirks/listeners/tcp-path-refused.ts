import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { SimError } from '../../errors.js';
import type { ListenAddress } from '../../listeners/address.js';

/**
 * observed.listen.tcp.path: a tcp listen address with a path is refused at start instead of served
 * under the path. 26.1.5 and 28.5.2 refuse the value itself (moby ParseTCPAddr): `invalid bind
 * address (tcp://127.0.0.1:23751/base): should not contain a path element`, a usage error of -H;
 * 20.10.24 keeps the path and fails to listen on `127.0.0.1:23751/base`: `failed to load
 * listeners: listen tcp: address tcp/23751/base: unknown port`, exit 1 (observed 2026-11-24).
 * Carried by listeners/address.ts (parseHost) and daemon/start.ts.
 */
export const TCP_PATH_REFUSED = 'observed.listen.tcp.path';

/** Releases that refuse the value as they parse it (the others fail as they listen). */
const refusesAtParse = (release: DaemonRelease): boolean => !isOlder(release.release, '23.0');

/** The reason parseHost gives for a tcp address with a path, or null when it takes it. */
export function tcpPathProblem(quirks: ReadonlySet<string>, release: DaemonRelease): string | null {
  return quirks.has(TCP_PATH_REFUSED) && refusesAtParse(release) ? 'should not contain a path element' : null;
}

/** 20.10's failure as it listens on an address with a path (Go's net.Listen takes `port/path` for the port). */
export function refuseTcpPathAtListen(address: ListenAddress, quirks: ReadonlySet<string>, release: DaemonRelease): void {
  if (!quirks.has(TCP_PATH_REFUSED) || refusesAtParse(release) || address.kind !== 'tcp' || address.basePath === '') return;
  throw new SimError('SIM_LISTEN', `failed to load listeners: listen tcp: address tcp/${address.port}${address.basePath}: unknown port`);
}
