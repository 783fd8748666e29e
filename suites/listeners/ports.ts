import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's range of ephemeral ports (/proc/sys/net/ipv4/ip_local_port_range). A port taken
 * from it may become the source port of any outgoing connection on the machine (every test client
 * makes some) between the moment it is found free and the moment the daemon binds it.
 */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return { low: 49152, high: 65535 };
}

const EPHEMERAL = ephemeralRange();
/** Ports outside the ephemeral range that no well-known service uses: 10000 and up. */
const CANDIDATES = { low: 10_000, high: 65_535 };
/** Ports this process handed out: not handed out twice, even once their first user let them go. */
const handedOut = new Set<number>();

const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });

/** A random candidate, outside the ephemeral range where the machine leaves any room for one. */
const randomCandidate = (): number => {
  const pick = (): number => CANDIDATES.low + Math.floor(Math.random() * (CANDIDATES.high - CANDIDATES.low + 1));
  for (let i = 0; i < 1_000; i++) {
    const port = pick();
    if (port < EPHEMERAL.low || port > EPHEMERAL.high) return port;
  }
  return pick();
};

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, outside the kernel's ephemeral range (so no
 * outgoing connection takes it meanwhile) and not handed out before by this process. Another
 * process may still bind it first; the checks then see a start error naming the port, which they
 * report as such rather than as a verdict on the rule.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 64; attempt++) {
    const port = randomCandidate();
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('no free TCP port on 127.0.0.1 outside the ephemeral range after 64 tries');
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
