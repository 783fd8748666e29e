import { BodyTooLarge, keepBody, readBody } from '../http/body.js';
import type { Exchange } from '../http/exchange.js';
import { handlerError } from '../http/replies.js';
import { goMediaType } from './go-mime.js';
import { goParseQueryError } from './go-query.js';

/** net/http's maxFormSize: the most of a form body ParseForm reads. */
const MAX_FORM_BYTES = 10 << 20;

/** Go's ParseForm's error on a form body: its ParseQuery's, or "http: POST too large". The body is then consumed (the route reads it empty). */
async function formBodyError(x: Exchange): Promise<string | null> {
  try {
    return goParseQueryError((await readBody(x.req, MAX_FORM_BYTES)).toString('latin1'));
  } catch (problem) {
    if (!(problem instanceof BodyTooLarge)) throw problem;
    return 'http: POST too large';
  } finally {
    keepBody(x.req, Buffer.alloc(0));
  }
}

/**
 * moby's httputils.ParseForm, which most handlers run first (engine/parses-form.ts): Go's
 * Request.ParseForm, its error a 400 unless it is mime's. For POST, PUT and PATCH the body is read
 * as a form when typed application/x-www-form-urlencoded (at most 10 MiB: "http: POST too large");
 * the route then reads an empty body. A Content-Type mime cannot parse on those methods makes the
 * error mime's, so that even a bad query passes (a form type with bad parameters is still read).
 * The error's words, or null; a promise only where a form body is read.
 */
export function goParseFormError(x: Exchange): string | null | Promise<string | null> {
  const queryError = (): string | null => goParseQueryError(x.query.replace(/^\?/, ''));
  const method = x.req.method ?? 'GET';
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return queryError();
  const { type, error } = goMediaType(x.req.headers['content-type'] || 'application/octet-stream');
  if (type === 'application/x-www-form-urlencoded') return formBodyError(x).then((bodyError) => (error === null ? (bodyError ?? queryError()) : null));
  return error === null ? queryError() : null;
}

/** `next` once the form parses; else moby's 400 with Go's words. */
export function afterParseForm(x: Exchange, next: () => void | Promise<void>): void | Promise<void> {
  const finish = (error: string | null): void | Promise<void> => (error === null ? next() : handlerError(x, 400, error));
  const error = goParseFormError(x);
  return error instanceof Promise ? error.then(finish) : finish(error);
}
