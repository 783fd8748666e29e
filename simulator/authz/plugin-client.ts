import { Agent, request } from 'node:http';
import type { Logger } from '../daemon/log.js';
import { PLUGIN_MEDIA_TYPE } from '../../specs/authz-protocol.js';
import type { PluginAddress } from './locate.js';
import { formatGoDuration, PLUGIN_RETRIES, retryWaitMs } from './retry.js';

/** The host name dockerd's plugin client puts in its URLs (and so in its error messages). */
const PLUGIN_HOST = 'plugin.moby.localhost';
/** A plugin that takes longer than this to answer one call has failed (dockerd's client: 30 s). */
const CALL_TIMEOUT_MS = 30_000;
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

function postOnce(address: PluginAddress, method: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const where = address.kind === 'unix' ? { socketPath: address.path } : { host: address.host, port: address.port };
    const req = request({
      ...where,
      method: 'POST',
      path: `/${method}`,
      headers: { Host: PLUGIN_HOST, Accept: PLUGIN_MEDIA_TYPE, 'Content-Type': PLUGIN_MEDIA_TYPE, 'Content-Length': Buffer.byteLength(body) },
      timeout: CALL_TIMEOUT_MS,
      agent: KEEP_ALIVE,
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error(`timeout awaiting response headers`), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) res.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
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
export async function callPlugin(address: PluginAddress, method: string, payload: unknown, retryBaseMs: number, logger: Logger): Promise<unknown> {
  const url = `http://${PLUGIN_HOST}/${method}`;
  const body = JSON.stringify(payload);
  for (let attempt = 0; ; attempt += 1) {
    let answer: { status: number; text: string };
    try {
      answer = await postOnce(address, method, body);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      const dialFailed = e.code === 'ENOENT' || e.code === 'ECONNREFUSED';
      const words = `Post "${url}": ${dialFailed ? `dial ${dialTarget(address)}: connect: ` : ''}${DIAL_ERRORS[e.code ?? ''] ?? e.message}`;
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
      const err = typeof parsed === 'object' && parsed !== null && typeof (parsed as { Err?: unknown }).Err === 'string' ? (parsed as { Err: string }).Err : answer.text.trim();
      throw new PluginCallError(`Plugin Error: ${method}, ${err}`);
    }
    return parsed;
  }
}
