import { fillMessage } from '../../common/messages.js';
import { jsonTypeWord } from '../config/file/go-values.js';
import { goMediaType } from './go-mime.js';
import { hasBody } from '../authz/request-message.js';
import { BodyTooLarge, readBody } from '../http/body.js';
import type { Exchange } from '../http/exchange.js';
import { goJsonDecodeFirst, isSpace } from './go-json.js';
import { jsonRequestVariant } from './json-request-variant.js';
import { syntaxWords } from './go-json-newer.js';
import { ENGINE_MESSAGES } from './messages.js';
import { releaseBelow } from './replies.js';

/**
 * moby's httputils.CheckForJSON, which the routes that take a JSON body run before anything else:
 * no Content-Type is fine when the request declares no body (Content-Length 0 or none, not
 * chunked), otherwise the type must be application/json as Go's mime.ParseMediaType reads it
 * (parameters such as charset allowed, if they parse). The words are 20.10's, then those from 23.0
 * on, where mime's error is named (observed on 20.10.24, 26.1.5 and 28.5.2). Null when
 * the request passes. Where a fault or quirk makes it differ, it reads the field of its variant
 * (json-request-variant.ts).
 */
export function contentTypeProblem(x: Exchange): string | null {
  const { req } = x;
  const variant = jsonRequestVariant(x.state.config);
  const type = req.headers['content-type'] ?? '';
  if (!variant.contentTypeChecked) return null;
  if (type === '' && !hasBody(req)) return null;
  if (variant.passesUntyped(req)) return null;
  // mime.ParseMediaType reads the type: 20.10 refuses what it cannot parse as any other type, later releases with its error.
  const media = goMediaType(type);
  if (releaseBelow(x, '23.0')) return media.error === null && media.type === 'application/json' ? null : ENGINE_MESSAGES.contentTypeOld.replace('{type}', type);
  if (media.error !== null) return fillMessage(ENGINE_MESSAGES.contentTypeMalformed, { type, error: media.error });
  return media.type === 'application/json' ? null : ENGINE_MESSAGES.contentTypeUnsupported.replace('{type}', type);
}

/** Why a JSON value does not decode into the route's struct: the status and words moby answers. */
export type DecodeProblem = { readonly status: number; readonly message: string };

/** A body's JSON, or the status and words moby answers for it. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly status: number; readonly message: string };

/**
 * Parses a request body as moby's decoders do (json.Decoder: the first value only): 20.10 answers
 * a syntax error with a 500 and Go's words, and takes the first value whatever follows it; 23.0
 * and later answer 400 "invalid JSON: …", and "unexpected content after JSON" for anything but
 * spaces, `]` or `}` after it (moby httputils.ReadJSON: Decoder.More). A value cut short is Go's
 * "unexpected EOF" (observed on 20.10.24, 26.1.5, 28.5.2, as `{} {}`: 20.10 "Config cannot be
 * empty…", the others "unexpected content after JSON"). `decodes` says whether the value fits
 * the struct the route decodes into (its error comes first). The caller answers a body of nothing
 * but spaces (Go's io.EOF) itself.
 */
export function parseJsonBody(x: Exchange, text: string, decodes: (x: Exchange, value: unknown) => DecodeProblem | null = () => null): ParsedJson {
  const old = releaseBelow(x, '23.0');
  const bytes = Buffer.from(text, 'utf8');
  const first = goJsonDecodeFirst(bytes);
  if ('error' in first) {
    if (old) return { ok: false, status: 500, message: first.error };
    // 28.x's newer Go words errors in strings and numbers otherwise (engine/go-json-newer.ts).
    const words = first.at === undefined ? first.error : syntaxWords(x.state.config.release.release, first.error, bytes, first.at, 'stream');
    return { ok: false, status: 400, message: `invalid JSON: ${words}` };
  }
  const { value } = first;
  // The decoder's own type error comes before moby's look at what follows.
  const problem = decodes(x, value);
  if (problem !== null) return { ok: false, ...problem };
  const next = bytes.subarray(first.end).find((c) => !isSpace(c));
  if (!old && next !== undefined && next !== 0x5d && next !== 0x7d) return { ok: false, status: 400, message: ENGINE_MESSAGES.contentAfterJson };
  return { ok: true, value };
}

/**
 * The first release whose configuration decoder is container.CreateRequest (before it
 * runconfig.ContainerConfigWrapper): 26.1.5 names the wrapper, 28.5.2 the request; the releases
 * between were not observed, and the change is taken to come with the 28 series.
 */
const CREATE_REQUEST_FROM = '28.0';

/**
 * A container configuration body (create, commit) that is JSON but no object: Go's decoder
 * cannot put it in moby's configuration struct (null is no configuration at all). 20.10 answers
 * 500, later releases 400 "invalid JSON: …" (observed with `[]`, numbers, strings and bools on
 * 20.10.24, 26.1.5 and 28.5.2). Null when the value decodes.
 */
export function configTypeProblem(x: Exchange, value: unknown): DecodeProblem | null {
  if (value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value))) return null;
  const struct = releaseBelow(x, CREATE_REQUEST_FROM) ? 'runconfig.ContainerConfigWrapper' : 'container.CreateRequest';
  const words = `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${struct}`;
  return releaseBelow(x, '23.0') ? { status: 500, message: words } : { status: 400, message: `invalid JSON: ${words}` };
}

/** A problem a route answers: status and words. */
export type Refusal = { readonly status: number; readonly message: string };

/** Bodies larger than this are refused (moby reads any size; the simulator keeps memory bounded). */
const MAX_DECODED_BODY_BYTES = 16 * 1024 * 1024;

/**
 * A JSON body as a route reads it, its value or the refusal. 20.10 decodes with json.Decoder (400
 * with Go's words, "got EOF while reading request body" for nothing), after CheckForJSON when the
 * route ran it (`checksTypeOld`: volume create does, the swarm routes do not). From 23.0
 * httputils.ReadJSON: the content type first, a request that declares no body is no value
 * (undefined), then 400 "invalid JSON: …" and nothing but `]`, `}` or spaces after the value.
 * `fits` gives Go's unmarshal error for a value the route's type cannot hold, or null.
 */
export async function readJsonRequest(
  x: Exchange,
  fits: (value: unknown) => string | null,
  checksTypeOld = false,
): Promise<{ readonly value: unknown } | Refusal> {
  let raw: Buffer;
  try {
    raw = await readBody(x.req, MAX_DECODED_BODY_BYTES);
  } catch (error) {
    return { status: 400, message: error instanceof BodyTooLarge ? error.message : String(error) };
  }
  if (releaseBelow(x, '23.0')) {
    const oldTypeProblem = checksTypeOld ? contentTypeProblem(x) : null;
    if (oldTypeProblem !== null) return { status: 400, message: oldTypeProblem };
    const first = goJsonDecodeFirst(raw);
    if ('error' in first) return { status: 400, message: raw.every(isSpace) ? ENGINE_MESSAGES.bodyEofBare : first.error };
    const unfit = fits(first.value);
    return unfit === null ? { value: first.value } : { status: 400, message: unfit };
  }
  const typeProblem = contentTypeProblem(x);
  if (typeProblem !== null) return { status: 400, message: typeProblem };
  // A request that declares no body (Content-Length 0, or neither a length nor chunks): moby's ReadJSON returns at once.
  if (!hasBody(x.req)) return { value: undefined };
  if (raw.every(isSpace)) return { status: 400, message: ENGINE_MESSAGES.bodyEof };
  const parsed = parseJsonBody(x, raw.toString('utf8'), (_x, value) => {
    const unfit = fits(value);
    return unfit === null ? null : { status: 400, message: `invalid JSON: ${unfit}` };
  });
  return parsed.ok ? { value: parsed.value } : { status: parsed.status, message: parsed.message };
}

/**
 * The request body's first JSON value as Go's json.Decoder.Decode reads it (at most `limit`
 * bytes): the value and the bytes after it, Go's error ("EOF" for a body of nothing but spaces),
 * or why the body was not read. For the routes that decode a body themselves, not with ReadJSON.
 */
export async function decodeFirstBodyValue(
  x: Exchange,
  limit: number,
): Promise<{ readonly value: unknown; readonly rest: Buffer } | { readonly decodeError: string } | { readonly unread: string }> {
  let raw: Buffer;
  try {
    raw = await readBody(x.req, limit);
  } catch (error) {
    return { unread: error instanceof BodyTooLarge ? error.message : String(error) };
  }
  if (raw.every(isSpace)) return { decodeError: 'EOF' };
  const first = goJsonDecodeFirst(raw);
  return 'error' in first ? { decodeError: first.error } : { value: first.value, rest: raw.subarray(first.end) };
}

/** The refusal of a JSON body that a route decodes and then does not use (the answer comes before: no swarm, no such plugin), or null (readJsonRequest). */
export async function undecodedBodyRefusal(x: Exchange, fits: (value: unknown) => string | null): Promise<Refusal | null> {
  const read = await readJsonRequest(x, fits);
  return 'value' in read ? null : read;
}
