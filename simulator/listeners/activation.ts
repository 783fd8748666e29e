import { SimError } from '../errors.js';
import type { ListenAddress } from './address.js';

/** Socket-activation file descriptors handed over by the service manager (fds 3, 4, …). */
export function activationFds(env: Readonly<Record<string, string | undefined>>, pid: number): number[] {
  if (env['LISTEN_PID'] !== String(pid)) return [];
  const count = Number(env['LISTEN_FDS'] ?? '0');
  return Number.isInteger(count) && count > 0 ? Array.from({ length: count }, (_, i) => 3 + i) : [];
}

/** The concrete listen targets for one address; fd:// may expand to several. */
export function expandAddress(address: ListenAddress, fds: readonly number[]): ListenAddress[] {
  if (address.kind !== 'fd') return [address];
  if (fds.length === 0) throw new SimError('SIM_LISTEN', 'no sockets found via socket activation: make sure the service was started by systemd');
  if (address.fd === 'all') return fds.map((fd) => ({ kind: 'fd', fd }));
  if (!fds.includes(address.fd)) throw new SimError('SIM_LISTEN', `too few socket activated files passed in by systemd (no fd ${address.fd})`);
  return [address];
}
