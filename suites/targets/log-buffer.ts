/**
 * What a daemon printed, capped: the first `headBytes` (start-up messages) and the most recent
 * `tailBytes` are kept, the middle of a chatty daemon's output is dropped with a note. Marks are
 * positions in the whole stream, so `since(mark)` stays right after anything was dropped.
 */
export class LogBuffer {
  private head = '';
  private tail = '';
  /** Stream position of the first character of `tail`. */
  private tailStart = 0;
  private total = 0;

  constructor(
    private readonly headBytes = 16 * 1024,
    private readonly tailBytes = 240 * 1024,
  ) {}

  append(chunk: Buffer | string): void {
    let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (this.head.length < this.headBytes && this.tail === '') {
      const room = this.headBytes - this.head.length;
      this.head += text.slice(0, room);
      this.total += Math.min(room, text.length);
      text = text.slice(room);
      this.tailStart = this.total;
    }
    if (text === '') return;
    this.tail += text;
    this.total += text.length;
    if (this.tail.length > this.tailBytes) {
      const cut = this.tail.length - this.tailBytes;
      this.tail = this.tail.slice(cut);
      this.tailStart += cut;
    }
  }

  /** A position: `since(mark())` is what is printed from now on. */
  mark(): number {
    return this.total;
  }

  since(mark: number): string {
    if (mark < this.head.length) return this.head.slice(mark) + this.gapNote() + this.tail;
    return this.tail.slice(Math.max(0, mark - this.tailStart));
  }

  text(): string {
    return this.head + this.gapNote() + this.tail;
  }

  private gapNote(): string {
    const dropped = this.tailStart - this.head.length;
    return dropped > 0 ? `\n[ctr-conformance: ${dropped} characters of output left out]\n` : '';
  }
}
