import type { Exchange } from '../../http/exchange.js';
import type { Container, DaemonEvent } from '../objects/index.js';

/**
 * Calls `done` at the container's first event `ends` accepts, or when the client goes, once; the
 * subscription ends either way. A removed container ends every wait: it cannot exit again.
 */
export function untilEvent(x: Exchange, container: Container, ends: (event: DaemonEvent) => boolean, done: () => void): void {
  const log = x.state.objects.events;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    unsubscribe();
    x.res.off('close', finish);
    done();
  };
  const unsubscribe = log.subscribe((event) => {
    if (event.actorId === container.id && (event.action === 'destroy' || ends(event))) finish();
  });
  x.res.once('close', finish);
}
