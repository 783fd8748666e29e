import type { IncomingMessage, ServerResponse } from 'node:http';
import { inRange } from '../../common/dotted-version.js';
import type { ServerFactory } from './listen.js';
import type { BrandNames } from '../../specs/brands.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { Logger } from '../log.js';
import { SimError } from '../errors.js';
import type { ListenAddress } from './address.js';
import type { TlsPlan } from './tls-plan.js';
import { tcpPolicyVariant } from './tcp-policy-variant.js';

type TcpAddress = Extract<ListenAddress, { kind: 'tcp' }>;

/** 127.0.0.0/8, ::1 and localhost: what the daemons treat as this machine. */
export const isLoopbackHost = (host: string): boolean => /^127\./.test(host) || host === '::1' || host === 'localhost';

/**
 * daemon.md › Authentication 4: from 27.0 a remote TCP listener without TLS verification
 * (`--tls=false`, `--tlsverify=false`, or no verification at all) stops the start. The plain
 * `tcp://` form (127.0.0.1) is not remote. Where a fault or a quirk makes it differ, it reads the
 * field of its variant (tcp-policy-variant.ts).
 */
export function refuseUnverifiedRemote(
  address: TcpAddress,
  plan: TlsPlan,
  release: DaemonRelease,
  faults: ReadonlySet<string>,
  quirks: ReadonlySet<string> = new Set(),
): void {
  const variant = tcpPolicyVariant({ faults, quirks });
  if (plan.verify || isLoopbackHost(address.host) || !inRange(release.release, { min: variant.remoteRefusedFrom })) return;
  if (!variant.unverifiedRemoteRefused) return;
  throw new SimError(
    'SIM_LISTEN',
    `failed to load listeners: refusing to listen on tcp://${address.host}:${address.port} without TLS verification: remote TCP access requires --tlsverify from 27.0 (use a unix socket or SSH instead)`,
  );
}

/**
 * The warnings a TCP listener without client verification gets, as the releases log them
 * (observed): two on every release, and from 26.0 (daemon.md › Deprecation catalogue:
 * unauthenticated TCP connections, deprecated in 26.0) the deprecation notice for plain HTTP. Where
 * a fault or a quirk makes it differ, it reads the field of its variant (tcp-policy-variant.ts).
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
  const variant = tcpPolicyVariant({ faults, quirks });
  if (!variant.remoteWarnedBefore27 && !isLoopbackHost(address.host) && !inRange(release.release, { min: '27.0' })) return;
  const fields = { host: `tcp://${address.host}:${address.port}` };
  logger.log(
    'warning',
    'Binding to IP address without --tlsverify is insecure and gives root access on this machine to everyone who has access to your network.',
    fields,
  );
  logger.log('warning', 'Binding to an IP address, even on localhost, can also give access to scripts run in a browser. Be safe out there!', fields);
  if (plan.enabled || !inRange(release.release, { min: '26.0' }) || !variant.unauthenticatedNotice) return;
  if (!variant.loopbackNoticed && isLoopbackHost(address.host)) return;
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
