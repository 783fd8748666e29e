import type { Exchange } from '../../http/exchange.js';
import type { Route } from '../../http/route.js';
import type { Container } from '../objects/index.js';
import { notImplementedHere } from '../replies.js';
import { archivePutRoute } from './archive-put.js';
import { runningContainerOr409 } from './pause.js';
import { containerOr404 } from './routes.js';

/**
 * The container routes whose work ctrd-sim cannot do, for its containers run nothing: it answers
 * what the releases check first (the container's lookup, with its 404; top's refusal of a container
 * that is not running) in their words, then 501 for a container it found.
 * Observed on 20.10.24, 26.1.5 and 28.5.2.
 */
function lookupOnly(method: string, path: string, lookup: (x: Exchange) => Container | undefined = containerOr404): Route {
  return {
    method,
    path,
    slashedParams: ['name'],
    where: `simulator/engine/containers/lookup-only.ts: ${method} ${path}`,
    rules: [],
    handle(x) {
      if (lookup(x) !== undefined) notImplementedHere(x, path);
    },
  };
}

export const LOOKUP_ONLY_ROUTES: readonly Route[] = [
  // moby's ContainerTop refuses a container that is not running.
  lookupOnly('GET', '/containers/{name}/top', runningContainerOr409),
  archivePutRoute,
];
