import type { Exchange } from '../../http/exchange.js';
import type { Image } from '../objects/index.js';
import { goFields } from '../go-fields.js';
import { apiBelow, releaseBelow } from '../replies.js';

/** The release that knows a health check's StartInterval (moby 25.0, API 1.44). */
const START_INTERVAL_FROM = '25.0';
const START_INTERVAL_API = '1.44';
/** The shortest duration a health check takes, in nanoseconds: one millisecond. */
const MIN_DURATION = 1_000_000;

/** moby container.HealthConfig's fields, in its order (every one `omitempty`); the durations in nanoseconds. */
const FIELDS = ['Test', 'Interval', 'Timeout', 'StartPeriod', 'StartInterval', 'Retries'] as const;
const DURATIONS = ['Interval', 'Timeout', 'StartPeriod', 'StartInterval'] as const;

type Health = Readonly<Record<string, unknown>>;

/**
 * A create's Healthcheck as the release decodes it, or null without one: 20.10 has no
 * StartInterval, and from 25.0 a request below API 1.44 has it zeroed (observed on 20.10.24,
 * 26.1.5 and 28.5.2). Field types are not checked (not modelled, as elsewhere in the create).
 */
export function givenHealthcheck(x: Exchange, value: unknown): Health | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const fields = goFields(value as Health, releaseBelow(x, START_INTERVAL_FROM) ? FIELDS.filter((f) => f !== 'StartInterval') : FIELDS);
  if (apiBelow(x, START_INTERVAL_API)) delete fields['StartInterval'];
  return fields;
}

/**
 * moby's validateHealthCheck, in its order: the durations other than 0 must be 1 ms at least, the
 * retries not negative (400; observed on the three releases, before the image is looked up).
 */
export function healthcheckProblem(health: Health | null): string | null {
  if (health === null) return null;
  for (const field of DURATIONS.slice(0, 2)) if (tooShort(health[field])) return `${field} in Healthcheck cannot be less than 1ms`;
  if (typeof health['Retries'] === 'number' && health['Retries'] < 0) return 'Retries in Healthcheck cannot be negative';
  for (const field of DURATIONS.slice(2)) if (tooShort(health[field])) return `${field} in Healthcheck cannot be less than 1ms`;
  return null;
}

const tooShort = (value: unknown): boolean => typeof value === 'number' && value !== 0 && value < MIN_DURATION;

/**
 * The Healthcheck the container keeps (moby mergeAndVerifyConfig): the image's without one in the
 * request; else the request's, with the image's test where it gives none; Go's `omitempty` drops
 * the zero fields (an empty object stays `{}`). Undefined where there is none at all.
 */
export function keptHealthcheck(given: Health | null, image: Image): Health | undefined {
  const fromImage = image.config.Healthcheck;
  if (given === null) return fromImage ?? undefined;
  const test = Array.isArray(given['Test']) && given['Test'].length > 0 ? given['Test'] : fromImage?.Test;
  const kept: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = field === 'Test' ? test : given[field];
    if (value !== undefined && value !== null && value !== 0 && !(Array.isArray(value) && value.length === 0)) kept[field] = value;
  }
  return kept;
}
