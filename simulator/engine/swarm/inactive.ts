import { jsonTypeWord } from '../../config/file/go-values.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { goJsonDecodeFirst, isSpace } from '../go-json.js';
import { goParseBool, goParseUint } from '../go-strconv.js';
import { contentTypeProblem, parseJsonBody } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { queryOf, releaseBelow } from '../replies.js';

/**
 * The answers of a daemon that is no swarm member (the simulator never is one: it has no
 * /swarm/init), in moby's order: what the route reads from the request is checked first, then the
 * cluster refuses. Observed on 20.10.24, 26.1.5 and 28.5.2 (2026-11-27).
 */
export const SWARM_MESSAGES = {
  /** Every route that needs a manager (moby cluster errNoManager), 503. */
  notManager: 'This node is not a swarm manager. Use "docker swarm init" or "docker swarm join" to connect this node to swarm and try again.',
  /** POST /swarm/leave (errNoSwarm), 503. */
  notMember: 'This node is not part of a swarm',
  /** 20.10's words for a spec body of nothing but spaces (its routes decode without httputils.ReadJSON). */
  bodyEofOld: 'got EOF while reading request body',
  /** The logs routes without stdout or stderr, 500. */
  noStream: 'Bad parameters: you must choose at least one stream',
} as const;

/** A problem the route answers before the cluster's: status and words. */
export type Refusal = { readonly status: number; readonly message: string };

/** Bodies larger than this are refused (moby reads any size; the simulator keeps memory bounded). */
const MAX_SPEC_BYTES = 16 * 1024 * 1024;

/** Whether the request declares no body: Content-Length 0, or neither a length nor chunks (moby ReadJSON returns at once). */
function declaresNoBody(x: Exchange): boolean {
  const { headers } = x.req;
  if (headers['content-length'] !== undefined) return Number(headers['content-length']) === 0;
  return headers['transfer-encoding'] === undefined;
}

/**
 * A spec body decoded into Go type `goType` (`swarm.ServiceSpec`, …) as the release does: 20.10
 * decodes whatever the type (json.Decoder: the first value, 400 with Go's words, "got EOF while
 * reading request body" for nothing); from 23.0 httputils.ReadJSON: the content type first, a
 * request without a body is no spec, then "invalid JSON: …" and nothing after the value. A value
 * that is no object (null aside) does not fit a struct. The fields are not read: the cluster
 * refuses before it would use them. Null when the body decodes.
 */
export async function specRefusal(x: Exchange, goType: string): Promise<Refusal | null> {
  let raw: Buffer;
  try {
    raw = await readBody(x.req, MAX_SPEC_BYTES);
  } catch (error) {
    return { status: 400, message: error instanceof BodyTooLarge ? error.message : String(error) };
  }
  const old = releaseBelow(x, '23.0');
  const fits = (value: unknown): Refusal | null =>
    value === null || (typeof value === 'object' && !Array.isArray(value))
      ? null
      : { status: 400, message: `${old ? '' : 'invalid JSON: '}json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${goType}` };
  if (old) {
    const first = goJsonDecodeFirst(raw);
    if (!('error' in first)) return fits(first.value);
    return { status: 400, message: raw.every(isSpace) ? SWARM_MESSAGES.bodyEofOld : first.error };
  }
  const typeProblem = contentTypeProblem(x);
  if (typeProblem !== null) return { status: 400, message: typeProblem };
  if (declaresNoBody(x)) return null;
  if (raw.every(isSpace)) return { status: 400, message: ENGINE_MESSAGES.bodyEof };
  const parsed = parseJsonBody(x, raw.toString('utf8'), (_x, value) => fits(value));
  return parsed.ok ? null : { status: parsed.status, message: parsed.message };
}

/**
 * The `version` query of an update as the route parses it (strconv.ParseUint): nodes, services and
 * the swarm say the value and Go's error, configs and secrets only that it is invalid.
 */
export function versionRefusal(x: Exchange, kind: 'node' | 'service' | 'swarm' | 'config' | 'secret'): Refusal | null {
  const given = queryOf(x).get('version') ?? '';
  const parsed = goParseUint(given);
  if (!('error' in parsed)) return null;
  const detailed = kind === 'node' || kind === 'service' || kind === 'swarm';
  return { status: 400, message: detailed ? `invalid ${kind} version '${given}': ${parsed.error}` : `invalid ${kind} version` };
}

/**
 * A boolean query the route parses with strconv.ParseBool when it is not empty: null, or the
 * refusal, with Go's error (`withGoError`: status, insertDefaults) or without (the swarm's
 * rotate… flags).
 */
export function boolQueryRefusal(x: Exchange, key: string, withGoError: boolean): Refusal | null {
  const given = queryOf(x).get(key) ?? '';
  if (given === '') return null;
  const parsed = goParseBool(given);
  if (!('error' in parsed)) return null;
  return { status: 400, message: `invalid value for ${key}: ${given}${withGoError ? `: ${parsed.error}` : ''}` };
}

/** Answers the first refusal, else the cluster's: not a manager (or, for leave, not a member). */
export function refuseInactive(x: Exchange, refusals: readonly (Refusal | null)[], message: string = SWARM_MESSAGES.notManager): void {
  const first = refusals.find((r) => r !== null);
  if (first != null) return handlerError(x, first.status, first.message);
  handlerError(x, 503, message);
}
