import { fillMessage } from '../../common/messages.js';
import { DOCUMENT_MESSAGES, TOO_OLD_SUBSTANCE } from '../../specs/messages.js';
import type { HttpReply } from '../http/client.js';
import { errorMessageOf } from '../http/error-message.js';
import type { ExchangeLog } from '../harness/exchange-log.js';

/** The error message of a reply: `message` of a JSON body, else the text body without the newline Go adds. */
export const messageOf = (reply: HttpReply): string => errorMessageOf(reply);

export const isSuccess = (reply: HttpReply): boolean => reply.status >= 200 && reply.status < 300;
export const isClientError = (reply: HttpReply): boolean => reply.status >= 400 && reply.status < 500;

/** The part of the too-old refusal every form shares (rule api.version.too-old). */
export const tooOldPrefix = (requested: string, min: string): string => fillMessage(TOO_OLD_SUBSTANCE, { version: requested, min });

/** The sentence daemon.md › Errors gives, without the client's "Error response from daemon: ". */
export const documentedTooOld = (requested: string, min: string): string => fillMessage(DOCUMENT_MESSAGES.tooOld, { version: requested, min });

export const tooNewMessage = (requested: string, max: string): string => fillMessage(DOCUMENT_MESSAGES.tooNew, { version: requested, max });

/** The message of a 404 for a path or method no route serves. */
export const PAGE_NOT_FOUND = DOCUMENT_MESSAGES.pageNotFound;

/** Asks for `path` under version `spelling` and expects it served. */
export async function expectServed(log: ExchangeLog, method: string, spelling: string | null, path: string): Promise<HttpReply> {
  const url = spelling === null ? path : `/v${spelling}${path}`;
  const reply = await log.send(method, url);
  log.expect(isSuccess(reply), `${method} ${url} should be served (2xx), got ${reply.status}`);
  return reply;
}

/** Asks for `path` under version `spelling` and expects the too-old refusal's substance. */
export async function expectTooOld(log: ExchangeLog, method: string, spelling: string, path: string, min: string): Promise<HttpReply> {
  const url = `/v${spelling}${path}`;
  const reply = await log.send(method, url);
  log.expect(isClientError(reply), `${method} ${url} should be refused with a 4xx error (version below ${min}), got ${reply.status}`);
  if (method !== 'HEAD') {
    const message = messageOf(reply);
    log.expect(
      message.startsWith(tooOldPrefix(spelling, min)),
      `message should start ${JSON.stringify(tooOldPrefix(spelling, min))}, got ${JSON.stringify(message)}`,
    );
  }
  return reply;
}

export function parseJsonObject(body: string): Record<string, unknown> | null {
  try {
    const doc: unknown = JSON.parse(body);
    return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
