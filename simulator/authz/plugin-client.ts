import { Agent, request } from 'node:http';
import type { Logger } from '../log.js';
import { PLUGIN_MEDIA_TYPE } from '../../specs/authz-protocol.js';
import type { PluginAddress } from './locate.js';
import { formatGoDuration, PLUGIN_RETRIES, retryWaitMs } from './retry.js';

/** The host name dockerd's plugin client puts in its URLs (and so in its error messages). */
const PLUGIN_HOST = 'plugin.moby.localhost';
/**
 * A plugin that takes longer than this to answer one call, whole (head and body), has failed: a
 * plugin that trickles its answer must not hold the request. 30 s: moby's http.Client Timeout of
 * managed plugins (the enable --timeout default). moby's client of socket plugins has none (pkg/plugins
 * NewClient): 20.10.24+dfsg1 and 28.5.2+dfsg4 answered GET /version 200 after 41 s with a plugin that
 * trickled 40 bytes at a byte a second (observed 2026-11-26). ctrd-sim is stricter here.
 */
export const CALL_TIMEOUT_MS = 30_000;
/** A plugin's answer larger than this is refused rather than buffered. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Connections to the plugins stay open between calls, as Go's plugin client keeps them (two calls per request). */
const KEEP_ALIVE = new Agent({ keepAlive: true });

export class PluginCallError extends Error {
  override readonly name = 'PluginCallError';
  readonly code = 'SIM_PLUGIN_CALL';
}

/** Go's words for the errors a dial gives. */
const DIAL_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ECONNREFUSED: 'connection refused',
  EACCES: 'permission denied',
  ECONNRESET: 'connection reset by peer',
};

const dialTarget = (address: PluginAddress): string => (address.kind === 'unix' ? `unix ${address.path}` : `tcp ${address.host}:${address.port}`);

/** Go's http.Client words when its Timeout ends a call: before the answer's head, or while its body is read. */
const HEAD_LATE = 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)';
const BODY_LATE = 'context deadline exceeded (Client.Timeout or context cancellation while reading body)';
const lateError = (words: string): Error => Object.assign(new Error(words), { code: 'ETIMEDOUT' });

function postOnce(address: PluginAddress, method: string, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let headIn = false;
    // The whole answer within the deadline: a byte now and then does not extend it.
    const deadline = setTimeout(() => req.destroy(lateError(headIn ? BODY_LATE : HEAD_LATE)), timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(deadline);
      reject(error);
    };
    const where = address.kind === 'unix' ? { socketPath: address.path } : { host: address.host, port: address.port };
    const req = request({
      ...where,
      method: 'POST',
      path: `/${method}`,
      headers: { Host: PLUGIN_HOST, Accept: PLUGIN_MEDIA_TYPE, 'Content-Type': PLUGIN_MEDIA_TYPE, 'Content-Length': Buffer.byteLength(body) },
      agent: KEEP_ALIVE,
    });
    req.on('error', fail);
    req.on('response', (res) => {
      headIn = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) res.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('aborted', () => fail(lateError(BODY_LATE)));
      res.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(body);
  });
}

/** A connection that never reached the plugin (or a kept one it closed meanwhile): worth another attempt. */
const isDialError = (error: NodeJS.ErrnoException): boolean => error.code === 'ENOENT' || error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET';

/**
 * One call of the plugin protocol, as dockerd's plugin client makes it: POST /<method> with a JSON
 * body; a connection that fails is tried again after base, 2×, 4×, 8× (with the daemon's warning);
 * an answer other than 200, or no usable answer, is a PluginCallError with Go's words.
 */
export async function callPlugin(
  address: PluginAddress,
  method: string,
  payload: unknown,
  retryBaseMs: number,
  logger: Logger,
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<unknown> {
  const url = `http://${PLUGIN_HOST}/${method}`;
  const body = JSON.stringify(payload);
  for (let attempt = 0; ; attempt += 1) {
    let answer: { status: number; text: string };
    try {
      answer = await postOnce(address, method, body, timeoutMs);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      const dialFailed = e.code === 'ENOENT' || e.code === 'ECONNREFUSED';
      // Go's json decoder hands the body's read error back bare; every other error is the Post's.
      const words =
        e.message === BODY_LATE
          ? BODY_LATE
          : `Post "${url}": ${dialFailed ? `dial ${dialTarget(address)}: connect: ` : ''}${DIAL_ERRORS[e.code ?? ''] ?? e.message}`;
      if (!isDialError(e) || attempt === PLUGIN_RETRIES) throw new PluginCallError(words);
      const wait = retryWaitMs(retryBaseMs, attempt);
      logger.log('warning', `Unable to connect to plugin: ${PLUGIN_HOST}/${method}: ${words}, retrying in ${formatGoDuration(wait)}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    let parsed: unknown;
    try {
      parsed = answer.text === '' ? {} : JSON.parse(answer.text);
    } catch {
      throw new PluginCallError(`${method}: the plugin's answer is not JSON: ${answer.text.slice(0, 200)}`);
    }
    if (answer.status !== 200) {
      const err =
        typeof parsed === 'object' && parsed !== null && typeof (parsed as { Err?: unknown }).Err === 'string'
          ? (parsed as { Err: string }).Err
          : answer.text.trim();
      throw new PluginCallError(`Plugin Error: ${method}, ${err}`);
    }
    return parsed;
  }
}
