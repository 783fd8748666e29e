import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Container } from '../objects/index.js';
import type { Route } from '../../http/route.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { releaseBelow, sendEmpty } from '../replies.js';
import { containerOr404 } from './routes.js';

/**
 * The running container the path names, or undefined once its 404 or 409 is answered: a container
 * that is not running is a conflict for pause, resize, top and exec, in 20.10's words, then 23.0's
 * (lower-case).
 */
export function runningContainerOr409(x: Exchange): Container | undefined {
  const container = containerOr404(x);
  if (container === undefined || container.state === 'running') return container;
  handlerError(x, 409, fillMessage(releaseBelow(x, '23.0') ? ENGINE_MESSAGES.pauseNotRunningOld : ENGINE_MESSAGES.pauseNotRunning, { id: container.id }));
  return undefined;
}

/**
 * POST /containers/{name}/pause: a running container is frozen (its pause event); one that is not
 * running is a conflict (lower-case from 23.0), one already paused too. Observed on 20.10.24,
 * 26.1.5 and 28.5.2.
 */
export const containerPauseRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/pause',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/pause.ts: POST /containers/{name}/pause',
  rules: [],
  handle(x) {
    const container = runningContainerOr409(x);
    if (container === undefined) return;
    if (container.paused) {
      const words = releaseBelow(x, '29.0') ? ENGINE_MESSAGES.alreadyPausedOld : ENGINE_MESSAGES.alreadyPaused;
      return handlerError(x, 409, fillMessage(words, { id: container.id }));
    }
    container.paused = true;
    x.state.objects.containerEvent(container, 'pause');
    sendEmpty(x, 204);
  },
};

/** POST /containers/{name}/unpause: a paused container runs on (its unpause event); any other is a plain error (500). */
export const containerUnpauseRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/unpause',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/pause.ts: POST /containers/{name}/unpause',
  rules: [],
  handle(x) {
    const container = containerOr404(x);
    if (container === undefined) return;
    if (!container.paused) return handlerError(x, 500, fillMessage(ENGINE_MESSAGES.notPaused, { id: container.id }));
    container.paused = false;
    x.state.objects.containerEvent(container, 'unpause');
    sendEmpty(x, 204);
  },
};
