import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago: bound to port 0 and released. Another
 * process may take it before the daemon does; the checks then see a start error naming the port,
 * which they report as such rather than as a verdict on the rule.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Several distinct free ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
