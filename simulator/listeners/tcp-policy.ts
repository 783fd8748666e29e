import type { IncomingMessage, ServerResponse } from 'node:http';
import { inRange } from '../../common/dotted-version.js';
import type { ServerFactory } from './listen.js';
import type { BrandNames } from '../../specs/brands.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { Logger } from '../log.js';
import { SimError } from '../errors.js';
import type { ListenAddress } from './address.js';
import type { TlsPlan } from './tls-plan.js';
import { REMOTE_NOTICE_ONLY } from '../quirks/listeners/remote-notice-only.js';
import { refusalSince } from '../quirks/listeners/remote-refusal-backported.js';
import { NOTICE_REMOTE_ONLY } from '../quirks/listeners/notice-remote-only.js';

type TcpAddress = Extract<ListenAddress, { kind: 'tcp' }>;

/** 127.0.0.0/8, ::1 and localhost: what the daemons treat as this machine. */
export const isLoopbackHost = (host: string): boolean => /^127\./.test(host) || host === '::1' || host === 'localhost';

/**
 * daemon.md › Authentication 4: from 27.0 a remote TCP listener without TLS verification
 * (`--tls=false`, `--tlsverify=false`, or no verification at all) stops the start. The plain
 * `tcp://` form (127.0.0.1) is not remote.
 */
export function refuseUnverifiedRemote(
  address: TcpAddress,
  plan: TlsPlan,
  release: DaemonRelease,
  faults: ReadonlySet<string>,
  quirks: ReadonlySet<string> = new Set(),
): void {
  // Quirk hypothetical.tls.remote-before-27.backported: the refusal from 26.0.
  if (plan.verify || isLoopbackHost(address.host) || !inRange(release.release, { min: refusalSince(quirks) })) return;
  // Fault (tls.remote-requires-verify): the rule is not enforced.
  if (faults.has('tls.remote-requires-verify')) return;
  // Quirk observed.tls.remote-requires-verify (28.5): it starts, with the deprecation notice warnUnverifiedTcp logs.
  if (quirks.has(REMOTE_NOTICE_ONLY)) return;
  throw new SimError(
    'SIM_LISTEN',
    `failed to load listeners: refusing to listen on tcp://${address.host}:${address.port} without TLS verification: remote TCP access requires --tlsverify from 27.0 (use a unix socket or SSH instead)`,
  );
}

/**
 * The warnings a TCP listener without client verification gets, as the releases log them
 * (observed): two on every release, and from 26.0 (daemon.md › Deprecation catalogue:
 * unauthenticated TCP connections, deprecated in 26.0) the deprecation notice for plain HTTP.
 */
export function warnUnverifiedTcp(
  address: TcpAddress,
  plan: TlsPlan,
  release: DaemonRelease,
  names: BrandNames,
  logger: Logger,
  faults: ReadonlySet<string>,
  quirks: ReadonlySet<string> = new Set(),
): void {
  if (plan.verify) return;
  // Fault (tls.remote-before-27): no warnings for remote listeners before 27.0.
  if (faults.has('tls.remote-before-27') && !isLoopbackHost(address.host) && !inRange(release.release, { min: '27.0' })) return;
  const fields = { host: `tcp://${address.host}:${address.port}` };
  logger.log(
    'warning',
    'Binding to IP address without --tlsverify is insecure and gives root access on this machine to everyone who has access to your network.',
    fields,
  );
  logger.log('warning', 'Binding to an IP address, even on localhost, can also give access to scripts run in a browser. Be safe out there!', fields);
  // Fault (listen.tcp.unauthenticated-notice): no deprecation notice.
  if (plan.enabled || !inRange(release.release, { min: '26.0' }) || faults.has('listen.tcp.unauthenticated-notice')) return;
  // Quirk hypothetical.listen.tcp.unauthenticated-notice.remote-only: no notice for a loopback address.
  if (quirks.has(NOTICE_REMOTE_ONLY) && isLoopbackHost(address.host)) return;
  // The address as written (bare tcp:// is "localhost" in the notice, observed).
  const shown = !address.named ? `localhost:${address.port}` : `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
  logger.log(
    'warning',
    `[DEPRECATION NOTICE]: API is accessible on http://${shown} without encryption.\n` +
      '         Access to the remote API is equivalent to root access on the host. Refer\n' +
      `         to the '${names.product} daemon attack surface' section in the documentation for\n` +
      '         more information.\n' +
      'In future versions this will be a hard failure preventing the daemon from starting!',
  );
}

/**
 * Fault (listen.tcp.unauthenticated-deprecated): from 26.0 a TCP listener without TLS answers
 * versioned requests with 403, as if the deprecated feature were half removed.
 */
export function halfRemovedPlainTcp(factory: ServerFactory): ServerFactory {
  return (tls, basePath) => {
    const server = factory(tls, basePath);
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (/^\/v[0-9.]+\//.test(req.url ?? '')) {
        res.writeHead(403, { 'Content-Type': 'application/json' });
        res.end(`${JSON.stringify({ message: 'unauthenticated TCP connections are deprecated' })}\n`);
        return;
      }
      for (const handler of handlers) handler.call(server, req, res);
    });
    return server;
  };
}
