import { poolStartProblem } from './address-pools.js';
import { builderStartProblem } from './builder-gc-policy.js';
import { usesContainerdStore } from '../../engine/images/image-store.js';
import { existsSync } from 'node:fs';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { SimError } from '../../errors.js';
import { startChecksVariant } from './start-checks-variant.js';
import { unlessTaken } from './validate-variant.js';
import { requestedCgroupDriver } from './merge.js';
import { messageStyle } from './message-style.js';
import { keptStorageOptions, removedLogOption } from './removed-options.js';
import type { DaemonSettings } from './settings.js';
import { STORAGE_DRIVERS as DRIVERS } from './storage-drivers.js';

/** Options each driver takes (daemon.md › Storage drivers). */
const DRIVER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  overlay2: ['overlay2.size'],
  zfs: ['zfs.fsname'],
  btrfs: ['btrfs.min_space'],
  vfs: ['vfs.size'],
  'fuse-overlayfs': [],
};
/** Log options the default driver json-file takes (and the documented cache options). */
export const JSON_FILE_OPTS: readonly string[] = [
  'max-size',
  'max-file',
  'compress',
  'labels',
  'labels-regex',
  'env',
  'env-regex',
  'tag',
  'mode',
  'max-buffer-size',
  'cache-disabled',
  'cache-max-file',
  'cache-max-size',
  'cache-compress',
];

/** Whether the option `key` (lower-cased name) is of a driver other than `driver` (devicemapper's `dm.` included). */
function ofAnotherDriver(key: string, driver: string): boolean {
  const prefix = key.includes('.') ? key.slice(0, key.indexOf('.')) : '';
  return prefix !== '' && prefix !== driver && (DRIVERS.includes(prefix) || prefix === 'dm');
}

const failed = (problem: string): SimError => new SimError('SIM_CONFIG', `failed to start daemon: ${problem}`);

/** Whether the host runs systemd (what the daemon asks before it uses the systemd cgroup driver). */
export const hostRunsSystemd = (): boolean => existsSync('/run/systemd/system');

/**
 * What the daemon finds wrong only as it starts (after its supervisor is up; `--validate` passes
 * these), in the words of the releases observed. Throws the first problem.
 */
export function checkAtStart(s: DaemonSettings, release: DaemonRelease, faults: ReadonlySet<TestableRuleId>, quirks: ReadonlySet<string> = new Set()): void {
  const style = messageStyle(release);
  // Where these checks differ from the document's (start-checks-variant.ts).
  const variant = startChecksVariant({ faults, quirks });
  if (style === 'v20' && !s.icc && !s.iptables) {
    // Observed on 20.10.24; 26.1.5 and 28.5.2 start.
    throw failed('You specified --iptables=false with --icc=false. ICC=false uses iptables to function. Please set --icc or --iptables to true');
  }
  const unknownLogOpt = (key: string): SimError =>
    failed(`failed to set log opts: ${style === 'v20' ? '' : 'failed to set log opts: '}unknown log opt '${key}' for ${s.logDriver} log driver`);
  if (s.logDriver === 'json-file') {
    for (const key of Object.keys(s.logOpts)) if (!JSON_FILE_OPTS.includes(key)) throw unknownLogOpt(key);
  }
  // The options of other drivers are not modelled, but for those the catalogue removes (refused from the removal release).
  const removedLogOpt = removedLogOption(s.logDriver, Object.keys(s.logOpts), release);
  if (removedLogOpt !== undefined && !variant.removedLogOptsTaken) throw unknownLogOpt(removedLogOpt);
  for (const [name, runtime] of Object.entries(s.runtimes)) {
    if (style === 'v20') continue;
    if (name === 'runc') throw failed("runtime name 'runc' is reserved");
    if (runtime.path !== undefined && runtime.runtimeType !== undefined)
      throw failed(`runtime ${name}: cannot configure both path and runtimeType for the same runtime`);
    if (runtime.path === undefined && runtime.runtimeType === undefined) throw failed(`runtime ${name}: either a runtimeType or a path must be configured`);
  }
  if (style !== 'v20' && s.defaultRuntime !== 'runc' && !(s.defaultRuntime in s.runtimes) && !/^io\.containerd\.[\w.-]+\.v\d+$/.test(s.defaultRuntime)) {
    throw failed(`specified default runtime '${s.defaultRuntime}' does not exist`);
  }
  const driver = requestedCgroupDriver(s.execOpts);
  if (driver !== null && driver !== 'cgroupfs' && driver !== 'systemd' && !variant.unknownCgroupDriverTaken)
    throw failed(`native.cgroupdriver option ${driver} not supported`);
  if (driver === 'systemd' && !hostRunsSystemd() && !variant.systemdAvailabilityUnchecked) {
    throw failed('systemd cgroup flag passed, but systemd support for managing cgroups is not available');
  }
  for (const registry of s.insecureRegistries) {
    if (registry.includes('/') && !/^[0-9a-fA-F.:]+\/\d+$/.test(registry))
      throw failed(`insecure registry ${registry} is not valid: invalid host "${registry}"`);
  }
  if (style !== 'v28') {
    unlessTaken(variant, 'mirrorSchemeUnchecked', () => {
      for (const mirror of s.registryMirrors) {
        if (!/^https?:\/\//i.test(mirror)) throw failed(`invalid mirror: unsupported scheme "" in "${mirror}"`);
      }
    });
  }
  if (!DRIVERS.includes(s.storageDriver) && !variant.unsupportedStorageDriverTaken) {
    throw failed(`error initializing graphdriver: driver not supported${style === 'v20' ? '' : `: ${s.storageDriver}`}`);
  }
  unlessTaken(variant, 'storageOptionsUnchecked', () => {
    for (const opt of s.storageOpts) {
      const key = opt
        .slice(0, Math.max(0, opt.indexOf('=')))
        .trim()
        .toLowerCase();
      const own = [...(DRIVER_OPTIONS[s.storageDriver] ?? []), ...keptStorageOptions(s.storageDriver, release)];
      if (ofAnotherDriver(key, s.storageDriver) && variant.otherDriversOptionsIgnored) continue;
      if (key === 'overlay2.size' && s.storageDriver === 'overlay2')
        throw failed(
          `error initializing graphdriver: Storage Option overlay2.size only supported for backingFS XFS. Found extfs${style === 'v20' ? '' : ': overlay2'}`,
        );
      if (!own.includes(key)) throw failed(`error initializing graphdriver: ${s.storageDriver}: unknown option ${key}`);
    }
  });
  // The network controller comes up after the image store.
  const pools = poolStartProblem(s.defaultAddressPools, release);
  if (pools !== null) throw failed(`Error initializing network controller: error obtaining controller instance: ${pools}`);
  // BuildKit starts once the daemon is up; its failure is not the daemon's ("failed to start daemon").
  const builder = builderStartProblem(s.builder, release, usesContainerdStore({ settings: s, release }));
  if (builder !== null) throw new SimError('SIM_CONFIG', builder);
}
