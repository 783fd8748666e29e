import { inRange, isOlder } from '../../common/dotted-version.js';
import { fileKeyNamed } from '../../specs/config-schema.js';
import { optionNamed } from '../../specs/options.js';
import { vendorEngine } from '../targets/judged-release.js';
import type { SuiteContext } from './context.js';

type Ctx = Pick<SuiteContext, 'release'>;

/** Whether the release is `min` or newer; false when the release is unknown. */
export const releaseAtLeast = (ctx: Ctx, min: string): boolean => ctx.release !== null && !isOlder(ctx.release.release, min);

/**
 * Whether the release has the long option `name`: its observed flag list where there is one, else
 * the `since`/`until` of specs/options.ts (an option with a `since` is taken as absent when the
 * release is unknown).
 */
export function hasFlag(ctx: Ctx, name: string): boolean {
  const flags = ctx.release?.flags;
  if (flags !== null && flags !== undefined) return flags.includes(name);
  const option = optionNamed(name);
  if (option === undefined) return false;
  if (ctx.release === null) return option.since === undefined;
  return inRange(ctx.release.release, { min: option.since, max: option.until });
}

/**
 * First release of file keys whose `since` the schema lacks but the real daemons show:
 * `host-gateway-ips` is refused as an unknown directive by 20.10.24 and 26.1.5 (findings topic 3).
 */
const KEY_SINCE: Readonly<Record<string, string>> = { 'host-gateway-ips': '28.0' };

/** Whether the release's configuration file has `key` (specs/config-schema.ts, `since`/`until`). */
export function hasFileKey(ctx: Ctx, key: string): boolean {
  const entry = fileKeyNamed(key);
  if (entry === undefined) return false;
  const since = KEY_SINCE[key] ?? entry.since;
  if (ctx.release === null) return since === undefined;
  return inRange(ctx.release.release, { min: since, max: entry.until });
}

/** Whether the release has `--validate` (23.0 and later; the observed flag list where there is one). */
export const hasValidate = (ctx: Ctx): boolean => {
  const flags = ctx.release?.flags;
  if (flags !== null && flags !== undefined) return flags.includes('validate');
  return releaseAtLeast(ctx, '23.0');
};

/**
 * Why a release fact observed on real daemons (a content type, a header limit) is missing: no real
 * daemon of the series has been observed; or the target is another vendor's engine, judged by the
 * API version it claims, to which nothing observed of real dockerd daemons is carried over.
 */
export function unobserved(ctx: Pick<SuiteContext, 'release' | 'facts'>, what: string): string {
  const vendor = vendorEngine(ctx.facts);
  if (vendor !== null) {
    const as = ctx.release === null ? '' : ` (judged as dockerd ${ctx.release.release} by the API version it claims)`;
    return `${vendor} is not dockerd${as}: what real dockerd daemons were observed to do is not carried over to it; ${what}`;
  }
  return `no real daemon of release ${ctx.release?.release ?? '(unknown)'} has been observed; ${what}`;
}

/** The label namespaces reserved for the daemon: they carry the brand word (rule config.labels.reserved). */
export const reservedLabelPrefixes = (ctx: Pick<SuiteContext, 'profile'>): readonly string[] => [
  `com.${ctx.profile.name}.`,
  `io.${ctx.profile.name}.`,
  'org.dockerproject.',
];
