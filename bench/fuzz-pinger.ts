/**
 * The fuzz campaign's healthy client, in a process of its own so that the campaign's own work
 * does not delay it: GET /_ping on a daemon's unix socket every 10 ms (bench/daemon-probe.ts)
 * until its stdin ends, then one JSON line: each ping's due time (epoch ms) and latency, and the
 * error that stopped it, if one did.
 *
 *   node dist/bench/fuzz-pinger.js SOCKET DEADLINE_MS
 */
import { pingWhile } from './daemon-probe.js';

const [socket, deadline] = process.argv.slice(2);
if (socket === undefined) throw new Error('usage: fuzz-pinger SOCKET DEADLINE_MS');
const stdinEnded = new Promise<void>((resolve) => {
  process.stdin.on('end', resolve).on('close', resolve).resume();
});
const pings: [number, number][] = [];
let failure: string | null = null;
try {
  await pingWhile({ kind: 'unix', path: socket }, stdinEnded, { timeoutMs: Number(deadline ?? 10_000), onPing: (due, latency) => pings.push([due, latency]) });
} catch (error) {
  failure = (error as Error).message;
}
// A failed ping leaves its agent's socket: once the line is written (a pipe takes it in parts), nothing else is left to wait for.
process.stdout.write(`${JSON.stringify({ pings, failure })}\n`, () => process.exit(0));
