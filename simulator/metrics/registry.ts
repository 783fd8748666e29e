import { Counter, Gauge, Registry } from 'prom-client';
import type { SimConfig } from '../config/types.js';

/** Reasons the real daemons count failed builds by (every one is exported at 0 from the start, observed). */
const BUILD_FAILURE_REASONS = [
  'build_canceled',
  'build_target_not_reachable_error',
  'command_not_supported_error',
  'dockerfile_empty_error',
  'dockerfile_syntax_error',
  'error_processing_commands_error',
  'missing_onbuild_arguments_error',
  'unknown_instruction_error',
];

/**
 * The metrics ctrd-sim exports, named as dockerd names its own (engine_daemon_*, builder_*). They
 * describe the simulator: no container ever runs in it.
 */
export function daemonMetrics(config: SimConfig): Registry {
  const registry = new Registry();
  const info = new Gauge({
    name: 'engine_daemon_engine_info',
    help: 'The information related to the engine and the OS it is running on',
    labelNames: ['architecture', 'commit', 'daemon_id', 'graphdriver', 'kernel', 'os', 'os_type', 'version'],
    registers: [registry],
  });
  info.set(
    {
      architecture: process.arch === 'x64' ? 'x86_64' : process.arch,
      commit: 'ctrd-sim',
      daemon_id: '',
      graphdriver: config.settings.storageDriver || 'overlay2',
      kernel: '',
      os: 'ctrd-sim',
      os_type: 'linux',
      version: config.release.version,
    },
    1,
  );
  const states = new Gauge({
    name: 'engine_daemon_container_states_containers',
    help: 'The count of containers in various states',
    labelNames: ['state'],
    registers: [registry],
  });
  for (const state of ['paused', 'running', 'stopped']) states.set({ state }, 0);
  new Counter({ name: 'engine_daemon_events_total', help: 'The number of events logged', registers: [registry] });
  const builds = new Counter({ name: 'builder_builds_failed_total', help: 'Number of failed image builds', labelNames: ['reason'], registers: [registry] });
  for (const reason of BUILD_FAILURE_REASONS) builds.inc({ reason }, 0);
  return registry;
}
