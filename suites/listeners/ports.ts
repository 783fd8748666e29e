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

/**
 * Runs `use` with a free port. A start that lost the port to another process in the meantime
 * (its error names the port: "bind: address already in use") says nothing of the daemon: `use`
 * runs again with another port, at most three times in all.
 */
export async function withFreePort<T>(use: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await use(port);
    } catch (error) {
      const lost = error instanceof Error && error.message.includes(`:${port}: bind: address already in use`);
      if (!lost || attempt >= 3) throw error;
    }
  }
}

/** Several distinct free ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
