import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { HttpReply } from '../http/client.js';
import { TargetError } from './target.js';

/** One answer a daemon gave, as recorded. */
export interface RecordedExchange {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * What a run sent to a daemon and what it answered. Replaying it with the same seed and number
 * of runs sends exactly the same requests, so the suites can judge a daemon that is not here.
 */
export interface Transcript {
  readonly format: 'ctr-conformance-transcript/1';
  /** The target that was recorded, e.g. "daemon:/usr/sbin/dockerd". */
  readonly recordedFrom: string;
  readonly profile: 'ctr' | 'docker';
  readonly seed: number;
  readonly numRuns: number;
  readonly exchanges: readonly RecordedExchange[];
}

const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** Collects the distinct exchanges of a run (a daemon answers the same request the same way). */
export class TranscriptRecorder {
  private readonly exchanges = new Map<string, RecordedExchange>();

  readonly observe = (method: string, path: string, reply: HttpReply): void => {
    const key = `${method} ${path}`;
    if (this.exchanges.has(key)) return;
    const headers = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !SKIPPED_HEADERS.has(name)));
    this.exchanges.set(key, { method, path, status: reply.status, headers, body: reply.body });
  };

  transcript(meta: Omit<Transcript, 'format' | 'exchanges'>): Transcript {
    const exchanges = [...this.exchanges.values()].sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
    return { format: 'ctr-conformance-transcript/1', ...meta, exchanges };
  }
}

export function readTranscript(path: string): Transcript {
  let doc: unknown;
  try {
    const bytes = readFileSync(path);
    doc = JSON.parse((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  } catch (error) {
    throw new TargetError('TARGET_TRANSCRIPT', `cannot read transcript ${path}: ${(error as Error).message}`);
  }
  const t = doc as Partial<Transcript>;
  const valid =
    t.format === 'ctr-conformance-transcript/1' &&
    typeof t.seed === 'number' &&
    typeof t.numRuns === 'number' &&
    (t.profile === 'ctr' || t.profile === 'docker') &&
    Array.isArray(t.exchanges) &&
    t.exchanges.every((e) => typeof e?.method === 'string' && typeof e.path === 'string' && typeof e.status === 'number' && typeof e.body === 'string' && typeof e.headers === 'object');
  if (!valid) throw new TargetError('TARGET_TRANSCRIPT', `${path} is not a ctr-conformance transcript (format ctr-conformance-transcript/1)`);
  return t as Transcript;
}

/** Writes a transcript; gzipped when the file name ends in .gz. */
export function writeTranscript(path: string, transcript: Transcript): void {
  const text = `${JSON.stringify(transcript)}\n`;
  writeFileSync(path, path.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
}
