import type { Exchange } from '../../http/exchange.js';
import { fillMessage } from '../../../common/messages.js';
import { ENGINE_MESSAGES } from '../messages.js';
import type { Container, ObjectStore } from '../objects/index.js';
import { releaseBelow } from '../replies.js';

/**
 * A container whose network mode is another's (`container:<name or ID>`): its create names the
 * other by its full ID when it exists (a missing one, or the container itself, is taken as given),
 * and its start refuses one that is missing, itself, or not running (a paused one runs). Observed on
 * 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06); 28.0 worded the refusals anew (moby
 * getNetworkedContainer).
 */

const PREFIX = 'container:';

/** The host configuration with a `container:` mode naming an existing container by its full ID. */
export function withNetworkedContainerId(objects: ObjectStore, hostConfig: Record<string, unknown>): Record<string, unknown> {
  const mode = hostConfig['NetworkMode'];
  if (typeof mode !== 'string' || !mode.startsWith(PREFIX)) return hostConfig;
  const other = objects.findContainer(mode.slice(PREFIX.length));
  return other === undefined ? hostConfig : { ...hostConfig, NetworkMode: `${PREFIX}${other.id}` };
}

/** The container whose network the container's mode names (`container:<name or ID>`), as the mode names it, or null. */
export function networkedContainerRef(container: Pick<Container, 'hostConfig'>): string | null {
  const mode = container.hostConfig['NetworkMode'];
  return typeof mode === 'string' && mode.startsWith(PREFIX) ? mode.slice(PREFIX.length) : null;
}

/** The refusal of a start whose network is another container's, or null. */
export function networkedContainerProblem(x: Exchange, container: Container): { readonly status: number; readonly message: string } | null {
  const reference = networkedContainerRef(container);
  if (reference === null) return null;
  const older = releaseBelow(x, '28.0');
  const other = x.state.objects.findContainer(reference);
  if (other === undefined) {
    const missing = fillMessage(ENGINE_MESSAGES.noSuchContainer, { name: reference });
    return older ? { status: 404, message: missing } : { status: 500, message: `joining network namespace of container: ${missing}` };
  }
  if (other.id === container.id) return { status: 500, message: older ? 'cannot join own network' : 'cannot join own network namespace' };
  if (other.state === 'running') return null;
  return older
    ? { status: 409, message: `cannot join network of a non running container: ${reference}` }
    : { status: 409, message: `cannot join network namespace of a non running container: container ${other.name} is ${other.state}` };
}
