/** One server-sent event (`text/event-stream`), as OpenAI-compatible servers stream completions. */
export interface ServerSentEvent {
  /** The `event:` field, when the server named the event. */
  readonly event?: string;
  /** The `data:` lines, joined with newlines. */
  readonly data: string;
  readonly id?: string;
  /** True for the `data: [DONE]` that ends an OpenAI stream. */
  readonly done: boolean;
}

/**
 * Splits a `text/event-stream` into events (the WHATWG rules: fields up to the first colon, one
 * optional space after it, events ended by a blank line, comments start with a colon).
 */
export class SseParser {
  private pending = '';
  private data: string[] = [];
  private event: string | undefined;
  private id: string | undefined;

  /** Feeds text; returns the events it completed. */
  push(text: string): ServerSentEvent[] {
    this.pending += text;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.pending);
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (match === null || (match[0] === '\r' && match.index === this.pending.length - 1)) break;
      const line = this.pending.slice(0, match.index);
      this.pending = this.pending.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event !== undefined) events.push(event);
    }
    return events;
  }

  /** The event left when the stream ends without a final blank line, if any. */
  end(): ServerSentEvent[] {
    const events = this.pending === '' ? [] : this.push('\n');
    const last = this.dispatch();
    return last === undefined ? events : [...events, last];
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') this.id = value;
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    if (this.data.length === 0 && this.event === undefined) return undefined;
    const data = this.data.join('\n');
    const event: ServerSentEvent = {
      data,
      done: data === '[DONE]',
      ...(this.event === undefined ? {} : { event: this.event }),
      ...(this.id === undefined ? {} : { id: this.id }),
    };
    this.data = [];
    this.event = undefined;
    return event;
  }
}
