import { jsonTypeWord } from '../../config/file/go-values.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { goParseBool, goParseUint } from '../go-strconv.js';
import { type Refusal, undecodedBodyRefusal } from '../json-request.js';
import { queryOf } from '../replies.js';

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
} as const;

/**
 * A spec body decoded into Go type `goType` (`swarm.ServiceSpec`, …): a value that is no object
 * (null aside) does not fit the struct. The fields are not read: the cluster refuses before it
 * would use them. Null when the body decodes.
 */
export const specRefusal = (x: Exchange, goType: string): Promise<Refusal | null> =>
  undecodedBodyRefusal(x, (value) =>
    value === null || (typeof value === 'object' && !Array.isArray(value))
      ? null
      : `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${goType}`,
  );

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
