import type { Exchange } from '../../http/exchange.js';
import type { Container } from '../objects/index.js';
import type { MountPoint } from './mount-points.js';

/** moby's LogVolumeEvent of a volume mounted for the container. */
export function volumeMountEvent(x: Exchange, container: Container, point: MountPoint): void {
  x.state.objects.events.record('volume', 'mount', point.name, {
    container: container.id,
    destination: point.destination,
    driver: 'local',
    propagation: point.propagation,
    'read/write': String(point.rw),
  });
}

/** moby's LogVolumeEvent of a volume unmounted for the container. */
export function volumeUnmountEvent(x: Exchange, container: Container, point: MountPoint): void {
  x.state.objects.events.record('volume', 'unmount', point.name, { container: container.id, driver: 'local' });
}
