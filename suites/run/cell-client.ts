import { HttpClient, type HttpReply, type ReplyObserver, type RequestOptions } from '../http/client.js';
import type { Endpoint } from '../http/endpoint.js';
import type { ClosableCheckClient } from '../harness/context.js';
import { bodyOf, toExchange } from '../harness/exchange-log.js';
import type { HttpExchange } from '../../reports/model/result.js';
import type { CaseJournal } from '../harness/journal.js';
import { HttpClientError } from '../http/errors.js';
import type { ResponsivenessWatch } from './responsiveness.js';

/** How the run opens an HTTP client for an endpoint (one place, so every client records alike). */
export type ClientFactory = (endpoint: Endpoint) => HttpClient;

export const clientFactory =
  (requestMs: number, observe?: ReplyObserver): ClientFactory =>
  (endpoint) =>
    new HttpClient(endpoint, observe, { timeoutMs: requestMs });

/**
 * The client one cell's check sends with: a view of an HttpClient that carries the cell's
 * AbortSignal and the run's request deadline. Once the signal is raised (the cell's or the run's
 * deadline passed) requests in flight end with HTTP_ABORTED and new ones at once, so a hung or
 * trickling target cannot hold the cell. Every exchange goes into the cell's journal, answered or not.
 */
export class CellClient implements ClosableCheckClient {
  private readonly pending = new Map<number, HttpExchange>();
  private nextId = 0;
  private readonly view: HttpClient;

  constructor(
    inner: HttpClient,
    signal: AbortSignal,
    private readonly journal: CaseJournal,
    /** Whether closing this client closes `inner`'s connections (not when they are the run's). */
    private readonly owns: boolean,
    /** Told of every complete answer and every request deadline (see ResponsivenessWatch). */
    private readonly watch?: ResponsivenessWatch,
  ) {
    this.view = inner.with({ signal });
  }

  get endpoint(): Endpoint {
    return this.view.endpoint;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
    const request = `${method} ${path}`;
    const excerpt = bodyOf(options);
    const sent = toExchange(request, null, this.endpoint, excerpt);
    const id = this.nextId++;
    this.pending.set(id, sent);
    try {
      const reply = await this.view.request(method, path, options);
      this.journal.record(toExchange(request, reply, this.endpoint, excerpt), options.cleanup === true);
      this.watch?.answered();
      return reply;
    } catch (error) {
      if (error instanceof HttpClientError && error.code === 'HTTP_TIMEOUT') this.watch?.timedOut();
      this.journal.record(sent, options.cleanup === true);
      throw error;
    } finally {
      this.pending.delete(id);
    }
  }

  note(exchange: HttpExchange): void {
    this.journal.record(exchange);
  }

  /** Requests sent and not answered yet: what a cell that ran out of time was waiting for. */
  inFlight(): readonly HttpExchange[] {
    return [...this.pending.values()];
  }

  close(): void {
    if (this.owns) this.view.close();
  }
}
