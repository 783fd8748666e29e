import { join } from 'node:path';
import { configPath } from '../config-file.js';
import { makeRunDir } from '../temp-dir.js';
import { DaemonProcess } from './daemon-process.js';

/**
 * Only what a daemon needs to run: the runner's own CTR_* / DOCKER_* variables must not leak into
 * a daemon under test and change what it does. `source` is the environment read (a parameter so
 * that a test can pass another one).
 */
export function daemonEnvironment(also: readonly string[] = [], source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  // NODE_EXTRA_CA_CERTS is left out unless asked for: no daemon here makes TLS calls, and it
  // costs a node-based daemon (ctrd-sim) about 60 ms per start.
  for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR', ...also]) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

const probeCache = new Map<string, Promise<string>>();
/** How long a `--help` or `--version` probe may run; dockerd answers in about 0.1 s. */
export const PROBE_MS = 10_000;
/** SIGTERM → SIGKILL grace of a probe that overstays. */
const PROBE_GRACE_MS = 1_000;

/**
 * What the binary prints for `flag` (`--help`, `--version`; once per command, flag and deadline).
 * The probe is a process like the daemon: in a private directory, in a process group of its own,
 * ended after `probeMs` with everything it started (a script whose child ignores SIGTERM
 * included), reaped.
 */
export function probeOutput(command: readonly string[], flag: '--help' | '--version', probeMs = PROBE_MS): Promise<string> {
  const key = `${probeMs}\0${flag}\0${command.join('\0')}`;
  let output = probeCache.get(key);
  if (output === undefined) {
    output = (async () => {
      const probe = DaemonProcess.spawn({ command: [...command, flag], dir: makeRunDir(), env: daemonEnvironment(), ownGroup: true });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([probe.exited, new Promise((resolve) => (timer = setTimeout(resolve, probeMs)))]);
      clearTimeout(timer);
      await probe.dispose({ graceMs: PROBE_GRACE_MS });
      return probe.log.since(0);
    })();
    probeCache.set(key, output);
  }
  return output;
}

const helpOf = (command: readonly string[], probeMs: number): Promise<string> => probeOutput(command, '--help', probeMs);

/** Whether the binary knows --ip6tables (26.1 and 28.5 do; 20.10 refuses it), from its --help. */
export async function knowsIp6tables(command: readonly string[], probeMs = PROBE_MS): Promise<boolean> {
  return (await helpOf(command, probeMs)).includes('--ip6tables');
}

/**
 * Whether the binary takes a supervisor it did not start (`--containerd` and a namespace of its
 * own, `--containerd-namespace`, `--containerd-plugins-namespace`; every dockerd here does), from its --help.
 */
export async function takesSharedSupervisor(command: readonly string[], probeMs = PROBE_MS): Promise<boolean> {
  const help = await helpOf(command, probeMs);
  return ['--containerd ', '--containerd-namespace', '--containerd-plugins-namespace'].every((flag) => help.includes(flag));
}

/** The daemon's socket in its private directory. */
export const socketIn = (dir: string): string => join(dir, 'd.sock');
/** The daemon's PID file in its private directory. */
export const pidfileIn = (dir: string): string => join(dir, 'd.pid');

/**
 * The flags that keep a daemon to itself: private roots, PID file and socket in a temp dir, no
 * default bridge and no firewall rules, the host's IP forwarding left as it is, its own
 * configuration file (the system one is never read). Without --ip-forward=false, 20.10 and 26.1
 * set net.ipv4.ip_forward to 1 at their start even without a bridge (specs/info-fields.ts), and
 * the host stays a router after them.
 */
export function safetyFlags(dir: string, knowsIp6tables: boolean): string[] {
  return [
    '--data-root',
    join(dir, 'data'),
    '--exec-root',
    join(dir, 'exec'),
    '--pidfile',
    pidfileIn(dir),
    '-H',
    `unix://${socketIn(dir)}`,
    '--bridge=none',
    '--iptables=false',
    '--ip-forward=false',
    ...(knowsIp6tables ? ['--ip6tables=false'] : []),
    '--config-file',
    configPath(dir),
  ];
}
