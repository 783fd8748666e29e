import { isOlder } from '../../common/dotted-version.js';
import { vendorEngine } from '../targets/judged-release.js';
import type { SuiteContext } from './context.js';

type Ctx = Pick<SuiteContext, 'release'>;

/**
 * Whether the release the target claims is `min` or newer; false when it claims none. `min` is a
 * version the document itself names ("daemon 28.3.0 and later"), never a fact of a release.
 */
export const releaseAtLeast = (ctx: Ctx, min: string): boolean => ctx.release !== null && !isOlder(ctx.release.release, min);

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
