import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { invalidFilterMessage, labelsMatch, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { pruneUntil } from '../filters/prune-until.js';
import { queryOf, releaseBelow, sendJson } from '../replies.js';

const ACCEPTED = ['label', 'label!', 'until'];

/** Answers moby's panic as net/http does: the connection closes without an answer. */
export const dropConnection = (x: Exchange): void => {
  x.res.socket?.destroy();
};

/**
 * The filters of a prune of containers or networks (moby daemon/prune.go), in its order: decoding
 * (20.10: Go's words, 500), the accepted keys, then `until`. The labels' test, or how to answer.
 */
export function readPruneFilters(x: Exchange): { readonly keep: (labels: unknown, created: bigint) => boolean } | null {
  const old = releaseBelow(x, '23.0');
  const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
  if ('refusal' in parsed) {
    handlerError(x, parsed.refusal.status, parsed.refusal.message);
    return null;
  }
  const unaccepted = unacceptedKey(parsed.args, ACCEPTED);
  if (unaccepted !== null) {
    handlerError(x, 400, invalidFilterMessage(unaccepted, null, old));
    return null;
  }
  const until = pruneUntil(parsed.args, old);
  if ('panics' in until) {
    dropConnection(x);
    return null;
  }
  if ('status' in until) {
    handlerError(x, until.status, until.message);
    return null;
  }
  const { args } = parsed;
  return {
    keep: (labels, created) =>
      (until.until === null || created <= until.until) && labelsMatch(args, labels) && (!args.has('label!') || !labelsMatch(args, labels, 'label!')),
  };
}

/**
 * POST /containers/prune: every container not running that the filters keep, newest first (moby
 * lists containers by creation), each destroyed, then the prune event. Their writable layers hold
 * nothing here, so no space is reclaimed (as the real releases report for a busybox `sleep`).
 */
export const containerPruneRoute: Route = {
  method: 'POST',
  path: '/containers/prune',
  where: 'simulator/engine/containers/prune.ts: POST /containers/prune',
  rules: [],
  handle(x) {
    const filters = readPruneFilters(x);
    if (filters === null) return;
    const objects = x.state.objects;
    const pruned = objects
      .allContainers()
      .filter((container) => container.state !== 'running' && filters.keep(container.config['Labels'], container.created))
      .sort((a, b) => (a.created > b.created ? -1 : a.created < b.created ? 1 : 0));
    for (const container of pruned) {
      objects.removeContainer(container);
      objects.containerEvent(container, 'destroy');
    }
    objects.events.record('container', 'prune', '', { reclaimed: '0' });
    sendJson(x, 200, { ContainersDeleted: pruned.length === 0 ? null : pruned.map((container) => container.id), SpaceReclaimed: 0 });
  },
};
