import { inRange, isNewer } from '../../common/dotted-version.js';
import { ALL_API_VERSIONS } from '../../specs/versions.js';
import type { Rule } from '../../specs/types.js';
import type { SuiteContext } from './context.js';
import type { RuleCheck } from './rule-check.js';
import { notApplicable, skipped, type Verdict } from './verdict.js';

/** Matrix columns: one below the oldest API version, every version, and one above the newest. */
export function apiColumns(targetMax: string | null): string[] {
  const newest = targetMax !== null && isNewer(targetMax, ALL_API_VERSIONS[ALL_API_VERSIONS.length - 1]!) ? targetMax : ALL_API_VERSIONS[ALL_API_VERSIONS.length - 1]!;
  const top = Number(newest.split('.')[1]) + 1;
  return Array.from({ length: top - 11 + 1 }, (_, i) => `1.${11 + i}`);
}

/** Why a whole rule yields no checked cells on this target, as a verdict; null when it runs. */
export function ruleGate(rule: Rule, check: RuleCheck | undefined, ctx: SuiteContext): Verdict | null {
  if (check === undefined) return { status: 'error', summary: `no assertion is registered for ${rule.id}` };
  // The platform first: a rule about another platform does not apply to this target, whether or
  // not this machine could run a daemon of that platform (the catalogue's testability says that).
  const os = ctx.facts.os ?? 'linux';
  if (!rule.applies.platforms.some((p) => p === os)) return notApplicable(`applies to ${rule.applies.platforms.join(', ')}; the target runs ${os}`);
  const releases = rule.applies.releases;
  if (releases !== undefined) {
    const bounds = `${releases.min ?? 'any'}–${releases.max ?? 'any'}`;
    if (ctx.release === null) return skipped(`applies to releases ${bounds}; the target's release is unknown (pass --release)`);
    if (!inRange(ctx.release.release, releases)) return notApplicable(`applies to releases ${bounds}; the target is ${ctx.release.release}`);
  }
  const excepted = rule.applies.exceptReleases?.find((e) => e.release === ctx.release?.release);
  if (excepted !== undefined) return notApplicable(excepted.why);
  if (check.startsDaemons === true && !ctx.target.configurable) {
    return skipped(`${ctx.target.spec} is already running; this rule starts daemons with another environment`);
  }
  if (check.needsWire === true && !ctx.target.wire) return skipped(`${ctx.target.spec} cannot take raw bytes or unclean paths (it is a recording)`);
  return null;
}
