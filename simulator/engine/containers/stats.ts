import type { Exchange } from '../../http/exchange.js';
import type { Route } from '../../http/route.js';
import { handlerError } from '../../http/replies.js';
import { startChunked, type BodyStream } from '../../http/streaming.js';
import { type Container, type DaemonEvent, GO_ZERO_TIME_TEXT, type ObjectStore } from '../objects/index.js';
import { apiBelow, boolQueryOrDefault, dropConnection, notImplementedHere, releaseBelow, routedHeaders, sendJson } from '../replies.js';
import { containerOr404 } from './routes.js';

/**
 * GET /containers/{name}/stats of a container that is not running: moby's ContainerStats answers
 * the empty document (the container's name and ID, zeros) at once when no stream is asked for, and
 * otherwise its stats collector publishes that document every second to each stream (its first
 * at once when the collector was idle, else at its next tick). A running container's stats are its
 * process's: not modelled (501). Observed 2026-12-06 on 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * (test/sim-container-stats.test.ts); read in moby daemon/stats.go and daemon/stats/collector.go.
 */

/** moby's collector interval (daemon.statsCollector, 1 s). */
const COLLECT_INTERVAL_MS = 1000;

/** The first release that refuses no `stream` with `one-shot` (docker-v29.0.0's daemon/stats.go dropped the check). */
const ONE_SHOT_WITH_STREAM_FROM = '29.0';

/** The zero CPU and block I/O figures every empty document holds. */
const ZERO_CPU = {
  cpu_usage: { total_usage: 0, usage_in_kernelmode: 0, usage_in_usermode: 0 },
  throttling_data: { periods: 0, throttled_periods: 0, throttled_time: 0 },
};
const NO_BLKIO = Object.fromEntries(
  [
    'io_service_bytes_recursive',
    'io_serviced_recursive',
    'io_queue_recursive',
    'io_service_time_recursive',
    'io_wait_time_recursive',
    'io_merged_recursive',
    'io_time_recursive',
    'sectors_recursive',
  ].map((key) => [key, null]),
);

/**
 * The empty document in each release's field order: before 28.0 StatsJSON (the stats, then name
 * and ID); 28.x StatsResponse (name and ID first); from 29.0 the API module's StatsResponse (ID,
 * name, os_type, then the stats regrouped).
 */
function emptyStats(x: Exchange, container: Container): Record<string, unknown> {
  const name = `/${container.name}`;
  if (!releaseBelow(x, '29.0'))
    return {
      id: container.id,
      name,
      os_type: 'linux',
      read: GO_ZERO_TIME_TEXT,
      cpu_stats: ZERO_CPU,
      memory_stats: {},
      pids_stats: {},
      blkio_stats: NO_BLKIO,
      num_procs: 0,
      storage_stats: {},
      preread: GO_ZERO_TIME_TEXT,
      precpu_stats: ZERO_CPU,
    };
  const stats = {
    read: GO_ZERO_TIME_TEXT,
    preread: GO_ZERO_TIME_TEXT,
    pids_stats: {},
    blkio_stats: NO_BLKIO,
    num_procs: 0,
    storage_stats: {},
    cpu_stats: ZERO_CPU,
    precpu_stats: ZERO_CPU,
    memory_stats: {},
  };
  return releaseBelow(x, '28.0') ? { ...stats, name, id: container.id } : { name, id: container.id, ...stats };
}

interface Subscriber {
  readonly container: Container;
  publish(): void;
}

/**
 * One simulator's stats collector (moby's stats.Collector): while it has subscribers it publishes
 * to each, then sleeps the interval; one that subscribes while it sleeps waits for the next tick,
 * one that subscribes to an idle collector gets its first document at once.
 */
class StatsCollector {
  private readonly subscribers = new Set<Subscriber>();
  private sleeping: NodeJS.Timeout | null = null;

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.sleeping === null) this.tick();
    return () => this.subscribers.delete(subscriber);
  }

  private tick(): void {
    for (const subscriber of [...this.subscribers]) subscriber.publish();
    this.sleeping = setTimeout(() => {
      this.sleeping = null;
      if (this.subscribers.size > 0) this.tick();
    }, COLLECT_INTERVAL_MS);
    this.sleeping.unref();
  }
}

const collectors = new WeakMap<ObjectStore, StatsCollector>();
const collectorOf = (objects: ObjectStore): StatsCollector => {
  const known = collectors.get(objects);
  if (known !== undefined) return known;
  const collector = new StatsCollector();
  collectors.set(objects, collector);
  return collector;
};

/**
 * A stream of the empty document: it ends as the container is removed (moby's StopCollection
 * closes the publisher); as it starts, its stats would become its process's, which ctrd-sim does
 * not have, so the connection is dropped rather than ended as if the daemon had.
 */
function streamStats(x: Exchange, container: Container): void {
  const body: BodyStream = startChunked(x.res, 200, routedHeaders(x), null);
  const { objects } = x.state;
  const stop = (): void => {
    unsubscribe();
    stopWatching();
  };
  const unsubscribe = collectorOf(objects).subscribe({ container, publish: () => body.write(`${JSON.stringify(emptyStats(x, container))}\n`) });
  const stopWatching = objects.events.subscribe((event: DaemonEvent) => {
    if (event.type !== 'container' || event.actorId !== container.id) return;
    if (event.action === 'destroy') {
      stop();
      body.end();
    } else if (event.action === 'start') {
      stop();
      dropConnection(x);
    }
  });
  x.res.once('close', stop);
}

export const containerStatsRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/stats',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/stats.ts: GET /containers/{name}/stats',
  rules: [],
  handle(x) {
    const stream = boolQueryOrDefault(x, 'stream', true);
    // The router reads one-shot from API 1.41.
    const oneShot = !apiBelow(x, '1.41') && boolQueryOrDefault(x, 'one-shot', false);
    const container = containerOr404(x);
    if (container === undefined) return;
    if (stream && oneShot && releaseBelow(x, ONE_SHOT_WITH_STREAM_FROM)) return handlerError(x, 400, 'cannot have stream=true and one-shot=true');
    if (container.state === 'running') return notImplementedHere(x, "/containers/{name}/stats of a running container (its process's)");
    if (!stream) return sendJson(x, 200, emptyStats(x, container));
    streamStats(x, container);
  },
};
