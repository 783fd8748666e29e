import { rfc3339Nano, unixSeconds, type Container } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { shapeHostConfig } from './host-config.js';
import { networksOf, shapeNetworkSettings } from './network-settings.js';

const ZERO_TIME = '0001-01-01T00:00:00Z';

/** The command a container runs: its entrypoint and then its command. */
export function commandOf(container: Container): string[] {
  const entrypoint = (container.config['Entrypoint'] ?? []) as string[];
  const cmd = (container.config['Cmd'] ?? []) as string[];
  return [...entrypoint, ...cmd];
}

/** moby container.State of a container that runs nothing: created, "running" after a start, exited after a kill. */
function stateOf(container: Container): Record<string, unknown> {
  return {
    Status: container.state,
    Running: container.state === 'running',
    Paused: false,
    Restarting: false,
    OOMKilled: false,
    Dead: false,
    Pid: 0,
    ExitCode: container.exitCode,
    Error: '',
    StartedAt: container.startedAt === null ? ZERO_TIME : rfc3339Nano(container.startedAt),
    FinishedAt: container.finishedAt === null ? ZERO_TIME : rfc3339Nano(container.finishedAt),
  };
}

/** GET /containers/{name}/json. */
export function shapeContainerInspect(x: Exchange, container: Container): Record<string, unknown> {
  const [path = '', ...args] = commandOf(container);
  return {
    Id: container.id,
    Created: rfc3339Nano(container.created),
    Path: path,
    Args: args,
    State: stateOf(container),
    Image: container.image.id,
    Name: `/${container.name}`,
    RestartCount: 0,
    Driver: 'overlay2',
    Platform: 'linux',
    HostConfig: shapeHostConfig(x, container.hostConfig),
    Mounts: [],
    Config: container.config,
    NetworkSettings: shapeNetworkSettings(x, container),
  };
}

/** Go's units.HumanDuration, as the list's Status writes it. */
function humanDuration(seconds: number): string {
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'About an hour' : `${hours} hours`;
}

function statusOf(container: Container, now: bigint): string {
  if (container.state === 'created') return 'Created';
  const since = (from: bigint | null): number => Number((now - (from ?? now)) / 1_000_000_000n);
  if (container.state === 'running') return `Up ${humanDuration(since(container.startedAt))}`;
  return `Exited (${container.exitCode}) ${humanDuration(since(container.finishedAt))} ago`;
}

/** One entry of GET /containers/json. */
export function shapeContainerSummary(x: Exchange, container: Container, now: bigint): Record<string, unknown> {
  return {
    Id: container.id,
    Names: [`/${container.name}`],
    Image: container.imageRef,
    ImageID: container.image.id,
    Command: commandOf(container).join(' '),
    Created: unixSeconds(container.created),
    Ports: [],
    Labels: container.config['Labels'],
    State: container.state,
    Status: statusOf(container, now),
    HostConfig: { NetworkMode: container.hostConfig['NetworkMode'] },
    NetworkSettings: { Networks: networksOf(x, container) },
    Mounts: [],
  };
}
