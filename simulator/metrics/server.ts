import { createServer, type Server } from 'node:http';
import type { SimConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { SimError } from '../errors.js';
import { metricsServerVariant } from './server-variant.js';

/** `host:port` of --metrics-addr (IPv6 in brackets). */
export function parseMetricsAddress(text: string): { host: string; port: number } {
  const match = /^(\[[^\]]*\]|[^:]*):(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || port > 65535) throw new SimError('SIM_CONFIG', `failed to start metrics server: listen tcp: address ${text}: missing port in address`);
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1') || '0.0.0.0', port };
}

/**
 * daemon.md › Metrics API: `/metrics` in the Prometheus text format on --metrics-addr, with
 * experimental mode on ("Requires experimental mode"); without it nothing listens there and the
 * daemon says why. Other paths answer Go's mux 404.
 */
export async function startMetrics(config: SimConfig, logger: Logger): Promise<Server | null> {
  const address = config.metricsAddress;
  if (address === null) return null;
  // Where a fault or a quirk makes the server differ (server-variant.ts).
  const variant = metricsServerVariant(config);
  if (!config.experimental && !variant.servedWithoutExperimental) {
    logger.log('warning', `metrics-addr ${address} is not served: the metrics API requires experimental mode`);
    return null;
  }
  const { host, port } = parseMetricsAddress(address);
  // prom-client is loaded when a metrics server starts: ctrd-sim starts without it (bench/RESULTS.md section 11).
  const { daemonMetrics } = await import('./registry.js');
  const registry = daemonMetrics(config);
  const asJson = variant.format === 'json';
  const servesApi = variant.pingServed;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    // /metrics, and no other path.
    if (variant.servesMetricsAt(path) && (req.method === 'GET' || req.method === 'HEAD')) {
      // The Prometheus text format.
      const body = asJson ? registry.getMetricsAsJSON().then((m) => JSON.stringify(m)) : registry.metrics();
      void body.then(
        // With its version (version=0.0.4).
        (text) =>
          res
            .writeHead(200, { 'Content-Type': asJson ? 'application/json' : (variant.textContentType ?? registry.contentType) })
            .end(req.method === 'HEAD' ? undefined : text),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
      return;
    }
    // Other paths answer Go's mux 404 (the daemon's API is not served here).
    if (servesApi && path === '/_ping') return void res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('OK');
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('404 page not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new SimError(
          'SIM_LISTEN',
          `failed to start metrics server: listen tcp ${host}:${port}: ${error.code === 'EADDRINUSE' ? 'bind: address already in use' : error.message}`,
        ),
      ),
    );
    server.listen({ host, port }, resolve);
  });
  logger.log('info', `metrics API listening on ${host}:${port}`);
  return server;
}
