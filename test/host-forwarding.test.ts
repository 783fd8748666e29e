import { execFile } from 'node:child_process';
import t from 'tap';
import { INFO_STYLES } from '../specs/info-fields.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { inCI, realDaemons } from './helpers/real-daemons.js';

/**
 * The safety flags leave the host's IP forwarding alone (suites/targets/process/safety.ts:
 * --ip-forward=false). Each real release starts with them in a private network namespace, whose
 * net.ipv4.ip_forward starts at 0, and the sysctl there is read once the daemon serves: still 0.
 * So that the check cannot pass by reading the wrong thing, the same start with --ip-forward=true
 * after the safety flags (the last one counts) turns it on where the release does so at its start
 * (20.10 and 26.1; 28.5 leaves it alone without a bridge: specs/info-fields.ts).
 */

/** net.ipv4.ip_forward in the network namespace of `pid`. */
function forwardingIn(pid: number): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('nsenter', [`--net=/proc/${pid}/ns/net`, '--', 'cat', '/proc/sys/net/ipv4/ip_forward'], { timeout: 10_000 }, (error, stdout, stderr) =>
      error === null ? resolve(stdout.trim()) : reject(new Error(`nsenter: ${error.message} ${stderr}`)),
    ),
  );
}

const real = realDaemons();
if (real.missing !== null && inCI()) t.fail(`the real daemons are required in CI: ${real.missing}`);
else if (real.missing !== null) t.test('the safety flags leave IP forwarding alone', { skip: `no real daemons: ${real.missing}` }, async () => {});
else
  for (const daemon of real.daemons) {
    t.test(`dockerd ${daemon.release}: the safety flags leave IP forwarding alone`, async (t) => {
      const target = new SpawnedDaemonTarget({ spec: `daemon:${daemon.path}`, command: [daemon.path] });
      for (const [args, expected] of [
        [[], '0'],
        [['--ip-forward=true'], INFO_STYLES[daemon.release as keyof typeof INFO_STYLES].ipv4Forwarding.enabledAtStart ? '1' : '0'],
      ] as const) {
        const outcome = await target.start({ args, netns: { addresses: [] } });
        if (!outcome.ok) throw new Error(`dockerd ${daemon.release} ${args.join(' ')} did not start: ${outcome.output}`);
        try {
          const { pid } = outcome.instance;
          if (pid === undefined) throw new Error(`dockerd ${daemon.release}: no PID`);
          t.equal(
            await forwardingIn(pid),
            expected,
            `the safety flags${args.length === 0 ? '' : ` then ${args.join(' ')}`}: net.ipv4.ip_forward is ${expected}`,
          );
        } finally {
          await outcome.instance.stop();
        }
      }
    });
  }
