import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { inflateBounded, inputLimits, readInputFileSync, type InputLimits, type ReadOptions } from '../../common/index.js';
import type { HttpReply, SentRequest } from '../http/client.js';
import { TargetError } from './target.js';

/** One answer a daemon gave, as recorded. */
export interface RecordedExchange {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's body, at most TRANSCRIPT_LIMITS.bodyBytes of it. */
  readonly body: string;
  /** The answer's body was cut: a replay of it is an error, never a verdict. */
  readonly truncated?: true;
  /** The request's body, when it had one (format /2; at most TRANSCRIPT_LIMITS.bodyBytes of it). */
  readonly requestBody?: string;
  readonly requestTruncated?: true;
}

export const TRANSCRIPT_FORMAT = 'ctr-conformance-transcript/2';
type TranscriptFormat = 'ctr-conformance-transcript/1' | typeof TRANSCRIPT_FORMAT;

/**
 * What a run sent to a daemon and what it answered. Replaying it with the same seed and number
 * of runs sends exactly the same requests, so the suites can judge a daemon that is not here.
 * Format /2 adds request bodies, `truncated` marks and `notes`; /1 files are still read.
 */
export interface Transcript {
  readonly format: TranscriptFormat;
  /** The target that was recorded, e.g. "daemon:/usr/sbin/dockerd". */
  readonly recordedFrom: string;
  readonly profile: 'ctr' | 'docker';
  readonly seed: number;
  readonly numRuns: number;
  readonly exchanges: readonly RecordedExchange[];
  /** What the recorder left out, in sentences (a replay of those requests is an error). */
  readonly notes?: readonly string[];
  /**
   * The `--only` entries the run was recorded with; absent when it ran every cell (and in
   * transcripts written before it was recorded). A replay without `--only` runs this selection.
   */
  readonly only?: readonly string[];
}

/** Bounds that keep a recording finite whatever the target sends. */
export interface TranscriptLimits {
  /** Of each request and answer body. */
  readonly bodyBytes: number;
  /** Distinct exchanges kept. */
  readonly exchanges: number;
  /** Body bytes kept over the whole transcript. */
  readonly totalBodyBytes: number;
}

export const TRANSCRIPT_LIMITS: TranscriptLimits = Object.freeze({ bodyBytes: 64 * 1024, exchanges: 20_000, totalBodyBytes: 64 * 1024 * 1024 });

const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The first `limit` bytes of a text (never half a character), and whether it was cut. */
function cut(text: string | Buffer, limit: number): { text: string; cut: boolean; bytes: number } {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  if (bytes.length <= limit) return { text: bytes.toString('utf8'), cut: false, bytes: bytes.length };
  return {
    text: bytes
      .subarray(0, limit)
      .toString('utf8')
      .replace(/\uFFFD+$/, ''),
    cut: true,
    bytes: limit,
  };
}

/**
 * Collects the distinct exchanges of a run (a daemon answers the same request the same way),
 * within TRANSCRIPT_LIMITS: bodies cut and marked, exchanges beyond the caps counted in `notes`.
 */
export class TranscriptRecorder {
  private readonly exchanges = new Map<string, RecordedExchange>();
  private bodyBytes = 0;
  private dropped = 0;
  private cutBodies = 0;

  constructor(private readonly limits: TranscriptLimits = TRANSCRIPT_LIMITS) {}

  readonly observe = (method: string, path: string, reply: HttpReply, request?: SentRequest): void => {
    const requestBody = request?.body === undefined || request.body.length === 0 ? undefined : cut(request.body, this.limits.bodyBytes);
    const key = createHash('sha256')
      .update(`${method} ${path}\0`)
      .update(requestBody?.text ?? '')
      .digest('base64');
    if (this.exchanges.has(key)) return;
    const body = cut(reply.body, this.limits.bodyBytes);
    const size = body.bytes + (requestBody?.bytes ?? 0);
    if (this.exchanges.size >= this.limits.exchanges || this.bodyBytes + size > this.limits.totalBodyBytes) {
      this.dropped++;
      return;
    }
    this.bodyBytes += size;
    const truncated = body.cut || reply.truncated === true;
    if (truncated) this.cutBodies++;
    const headers = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !SKIPPED_HEADERS.has(name)));
    this.exchanges.set(key, {
      method,
      path,
      status: reply.status,
      headers,
      body: body.text,
      ...(truncated ? { truncated: true as const } : {}),
      ...(requestBody === undefined ? {} : { requestBody: requestBody.text, ...(requestBody.cut ? { requestTruncated: true as const } : {}) }),
    });
  };

  /** How many exchanges are kept so far. */
  get size(): number {
    return this.exchanges.size;
  }

  transcript(meta: Omit<Transcript, 'format' | 'exchanges' | 'notes'>): Transcript {
    const exchanges = [...this.exchanges.values()].sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
    const notes: string[] = [];
    if (this.dropped > 0) {
      notes.push(
        `${this.dropped} further distinct exchange(s) were not recorded: a transcript keeps at most ${this.limits.exchanges} exchanges and ${this.limits.totalBodyBytes} bytes of bodies; replaying those requests is an error`,
      );
    }
    if (this.cutBodies > 0)
      notes.push(`${this.cutBodies} answer body(ies) were cut at ${this.limits.bodyBytes} bytes and marked truncated; replaying those requests is an error`);
    return { format: TRANSCRIPT_FORMAT, ...meta, exchanges, ...(notes.length === 0 ? {} : { notes }) };
  }
}

const isExchange = (e: Partial<RecordedExchange> | null | undefined): boolean =>
  typeof e?.method === 'string' &&
  typeof e.path === 'string' &&
  typeof e.status === 'number' &&
  typeof e.body === 'string' &&
  typeof e.headers === 'object' &&
  e.headers !== null &&
  (e.requestBody === undefined || typeof e.requestBody === 'string');

/**
 * Reads a transcript of format /1 or /2 (`.json` or `.json.gz`): a regular file within
 * `limits.fileBytes`, inflated within `limits.inflatedBytes` (a FIFO, a device, a directory, a
 * larger file or a gzip bomb is a TARGET_TRANSCRIPT error, read no further).
 */
export function readTranscript(path: string, limits: InputLimits = inputLimits(), options: ReadOptions = {}): Transcript {
  let doc: unknown;
  try {
    const bytes = readInputFileSync(path, limits, options);
    doc = JSON.parse((path.endsWith('.gz') ? inflateBounded(bytes, limits) : bytes).toString('utf8'));
  } catch (error) {
    // One line: a parse error may quote the file's bytes, line breaks and all.
    throw new TargetError('TARGET_TRANSCRIPT', `cannot read transcript ${path}: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`);
  }
  const t = doc as Partial<Transcript> | null;
  const valid =
    (t?.format === 'ctr-conformance-transcript/1' || t?.format === TRANSCRIPT_FORMAT) &&
    typeof t.seed === 'number' &&
    typeof t.numRuns === 'number' &&
    (t.profile === 'ctr' || t.profile === 'docker') &&
    Array.isArray(t.exchanges) &&
    t.exchanges.every(isExchange) &&
    (t.only === undefined || (Array.isArray(t.only) && t.only.every((entry) => typeof entry === 'string')));
  if (!valid) throw new TargetError('TARGET_TRANSCRIPT', `${path} is not a ctr-conformance transcript (format ${TRANSCRIPT_FORMAT} or /1)`);
  return t as Transcript;
}

/** A transcript's bytes as written to `path`: gzipped when the file name ends in .gz. */
export function encodeTranscript(path: string, transcript: Transcript): string | Buffer {
  const text = `${JSON.stringify(transcript)}\n`;
  return path.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text;
}

/** Writes a transcript; gzipped when the file name ends in .gz. */
export function writeTranscript(path: string, transcript: Transcript): void {
  writeFileSync(path, encodeTranscript(path, transcript));
}
