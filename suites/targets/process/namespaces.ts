import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TargetError } from '../target.js';
import type { NetnsProbe, NetnsReply, StartRequest } from '../types.js';

/** Addresses a namespace may carry: IPv4 outside 127/8, written plainly (they go into a shell line). */
const NAMESPACE_ADDRESS = /^(?!127\.)\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** Interface names a namespace may carry: lowercase letters and digits, at most 15 (IFNAMSIZ - 1), not lo. */
const LINK_NAME = /^(?!lo$)[a-z][a-z0-9]{0,14}$/;
/** Where the daemons look for plugin sockets. */
const PLUGIN_DIRS = ['/run/docker/plugins', '/run/ctr/plugins'];
/** Paths that go into the shell line: the suite's own temp directories. */
const SAFE_PATH = /^\/[A-Za-z0-9._/-]+$/;

/**
 * The command that starts a daemon inside the namespaces a request asks for, or the command as is:
 * `unshare` runs a shell in a private network namespace (loopback up, the requested addresses on
 * it, the requested links beside it, IP forwarding off) and/or a private mount namespace (a tmpfs over /run and the suite's plugin directory bound
 * on /run/docker/plugins and /run/ctr/plugins), which then execs the daemon: its PID stays the one spawned. Nothing of
 * the machine's network or mounts is touched.
 */
export function inNamespaces(command: readonly string[], request: StartRequest, mountPlugins: boolean): readonly string[] {
  const network = request.netns !== undefined;
  const mounts = mountPlugins && request.pluginDir !== undefined;
  if (!network && !mounts) return command;
  const lines = ['set -e'];
  if (network) {
    // Forwarding off, as in a fresh machine's: a new namespace takes the host's net.ipv4.ip_forward.
    lines.push('ip link set lo up', 'echo 0 > /proc/sys/net/ipv4/ip_forward');
    for (const address of request.netns!.addresses) {
      if (!NAMESPACE_ADDRESS.test(address))
        throw new TargetError('TARGET_SPEC', `namespace address ${JSON.stringify(address)} is not a plain IPv4 address outside 127.0.0.0/8`);
      lines.push(`ip addr add ${address}/32 dev lo`);
    }
    for (const link of request.netns!.links ?? []) {
      if (!LINK_NAME.test(link)) throw new TargetError('TARGET_SPEC', `namespace link ${JSON.stringify(link)} is not a plain interface name`);
      // ifb: a device of its own that leads nowhere (this kernel has no dummy links).
      lines.push(`ip link add ${link} type ifb`);
    }
  }
  if (mounts) {
    if (!SAFE_PATH.test(request.pluginDir!))
      throw new TargetError('TARGET_SPEC', `plugin directory ${JSON.stringify(request.pluginDir)} has characters the mount line does not take`);
    // Both brands' directories: the daemon looks in its own.
    lines.push('mount -t tmpfs tmpfs /run');
    for (const dir of PLUGIN_DIRS) lines.push(`mkdir -p ${dir}`, `mount --bind ${request.pluginDir} ${dir}`);
  }
  lines.push('exec "$@"');
  return ['unshare', ...(network ? ['-n'] : []), ...(mounts ? ['-m'] : []), '--', '/bin/sh', '-c', lines.join('\n'), 'ctc-namespace', ...command];
}

const PROBE_SCRIPT = fileURLToPath(new URL('./netns-probe.js', import.meta.url));

/** Runs netns-probe.js with nsenter in the network namespace of `pid`; at most `timeoutMs`. */
export function probeInNetns(pid: number, probe: NetnsProbe, timeoutMs = 10_000): Promise<NetnsReply> {
  return new Promise((resolve) => {
    const child = spawn('nsenter', [`--net=/proc/${pid}/ns/net`, '--', process.execPath, PROBE_SCRIPT, JSON.stringify(probe)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ status: null, body: '', error: `nsenter: ${error.message}` }));
    child.on('close', (code, signal) => {
      try {
        resolve(JSON.parse(out) as NetnsReply);
      } catch {
        resolve({ status: null, body: '', error: `the probe ended (${signal ?? code}) without an answer: ${err.trim().slice(-300)}` });
      }
    });
  });
}
