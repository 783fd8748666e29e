import { gunzipSync } from 'node:zlib';
import { isGzip } from '../objects/index.js';

/** A request body as sent, or its gunzipped bytes when it starts with gzip's magic (the engine takes either). */
export const gunzipIfGzipped = (raw: Buffer, limit: number): Buffer => (isGzip(raw) ? gunzipSync(raw, { maxOutputLength: limit }) : raw);

/** A JSON value as an object, or null when it is not one (null, an array, a scalar). */
export const objectOf = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
