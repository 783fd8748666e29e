import type { Container } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { apiBelow } from '../replies.js';

const orDefault = (value: unknown, fallback: unknown): unknown => value ?? fallback;

/**
 * Container inspect as 20.10 (the one release here that serves API versions below 1.24) writes it
 * below 1.21: moby containerInspect120 at 1.20, containerInspectPre120 below, each its own
 * document. The config repeats MacAddress, NetworkDisabled and ExposedPorts at its end (they
 * shadow the embedded fields) with the host's VolumeDriver, and below 1.20 the memory and CPU
 * limits too; NetworkSettings has no Networks and null Ports; below 1.20 Volumes and VolumesRW
 * stand where Mounts is. Observed on 20.10.24 at 1.12, 1.19, 1.20 (1.21 is the current document).
 */
export function legacyInspect(x: Exchange, container: Container, current: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (!apiBelow(x, '1.21')) return { ...current };
  const pre120 = apiBelow(x, '1.20');
  const host = container.hostConfig;
  const { Mounts: mounts, Config: config, NetworkSettings: settings, ...head } = current;
  const { MacAddress: mac, NetworkDisabled: disabled, ExposedPorts: exposed, ...embedded } = config as Record<string, unknown>;
  const { Networks: _networks, ...base } = settings as Record<string, unknown>;
  return {
    ...head,
    ...(pre120 ? { Volumes: {}, VolumesRW: {} } : { Mounts: mounts }),
    Config: {
      ...embedded,
      MacAddress: orDefault(mac, ''),
      NetworkDisabled: orDefault(disabled, false),
      ExposedPorts: orDefault(exposed, null),
      VolumeDriver: orDefault(host['VolumeDriver'], ''),
      ...(pre120
        ? {
            Memory: orDefault(host['Memory'], 0),
            MemorySwap: orDefault(host['MemorySwap'], 0),
            CpuShares: orDefault(host['CpuShares'], 0),
            Cpuset: orDefault(host['CpusetCpus'], ''),
          }
        : {}),
    },
    NetworkSettings: { ...base, Ports: null },
  };
}
