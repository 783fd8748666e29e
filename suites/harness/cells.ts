import { inRange, isNewer } from '../../common/dotted-version.js';
import { ALL_API_VERSIONS } from '../../specs/versions.js';
import type { Capability, Rule, Surface } from '../../specs/types.js';
import type { TargetFacts } from '../targets/facts.js';
import type { Target } from '../targets/target.js';
import type { RuleCheck } from './rule-check.js';
import { notApplicable, skipped, type Verdict } from './verdict.js';

/** Matrix columns: one below the oldest API version, every version, and one above the newest. */
export function apiColumns(targetMax: string | null): string[] {
  const newest =
    targetMax !== null && isNewer(targetMax, ALL_API_VERSIONS[ALL_API_VERSIONS.length - 1]!) ? targetMax : ALL_API_VERSIONS[ALL_API_VERSIONS.length - 1]!;
  const top = Number(newest.split('.')[1]) + 1;
  return Array.from({ length: top - 11 + 1 }, (_, i) => `1.${11 + i}`);
}

/** Why a rule that requires a capability cannot be checked without it (the reason of a skip). */
export const CAPABILITY_NEEDS: Readonly<Record<Capability, string>> = {
  start: 'the rule starts the daemon with flags, environment or a configuration file of its own',
  exit: 'the rule judges how a daemon that does not serve ended: its exit code and last output',
  signal: 'the rule sends signals to the daemon process',
  reload: 'the rule makes the daemon reload its configuration file',
  restart: 'the rule stops and starts the daemon again',
  logs: 'the rule reads what the daemon logged',
  tls: 'the rule talks to a TLS listener with client credentials',
  netns: 'the rule starts the daemon in a private network namespace',
  plugins: 'the rule gives the daemon authorization plugins from a directory of its own',
  wire: 'the rule sends raw bytes or unclean paths, which a recording cannot carry',
  umask: "the rule starts the daemon as a process of its own under a file-creation mask (umask) of its choosing; the suite's process keeps its own",
  objects:
    'the rule creates images and containers and reads what they became; their answers change from case to case, which a recording keyed by request cannot answer',
};

/** What a target without a surface lacks, and what the rule speaks of. */
export const SURFACE_NEEDS: Readonly<Record<Surface, { readonly missing: string; readonly why: string }>> = {
  'daemon-api': { missing: 'no daemon API', why: "the rule speaks of the daemon's HTTP API" },
  'model-runner-api': { missing: 'no model runner API', why: "the rule speaks of the model runner's OpenAI-compatible API" },
  'model-runner-service': {
    missing: 'no model runner service',
    why: 'the rule speaks of the model runner service: its model management, its /engines routing, its store or the daemon socket it is reached through',
  },
  'daemon-process': { missing: 'no daemon process the suites start', why: 'the rule speaks of the daemon as a process (flags, environment, files, signals)' },
};

/** The reason every release-dependent rule is skipped on a release the table does not know. */
export const RELEASE_UNKNOWN = 'release unknown — pass `--release` to judge';

/** What the gate reads: the target's interfaces and capabilities, what it said, and its release. */
export interface GateInput {
  readonly target: Pick<Target, 'spec' | 'capabilities' | 'surfaces' | 'surfaceGaps'>;
  readonly facts: Pick<TargetFacts, 'os'>;
  readonly release: { readonly release: string } | null;
}

/**
 * Why a whole rule yields no checked cells on this target, as a verdict; null when it runs. The
 * order matters. First what makes the rule not apply, as far as the facts tell: another platform,
 * a known release outside the rule's. Then what keeps it from being checked: an interface the
 * target lacks; a release the table does not know, for a rule whose outcome depends on it (such a
 * rule is never judged by the target's own claims); a capability the check needs.
 */
export function ruleGate(rule: Rule, check: RuleCheck | undefined, on: GateInput): Verdict | null {
  if (check === undefined)
    return { status: 'error', summary: `no assertion is registered for ${rule.id}`, reason: 'the catalogue has a rule the suites do not check' };
  // A rule about another platform does not apply to this target, whether or not this machine
  // could run a daemon of that platform (the catalogue's testability says that). A daemon that
  // does not say runs linux; a target without a daemon API has no platform to speak of.
  const os = on.facts.os ?? (on.target.surfaces.has('daemon-api') ? 'linux' : null);
  if (os !== null && !rule.applies.platforms.some((p) => p === os))
    return notApplicable(`applies to ${rule.applies.platforms.join(', ')}; the target runs ${os}`);
  const releases = rule.applies.releases;
  const bounds = `${releases?.min ?? 'any'}–${releases?.max ?? 'any'}`;
  if (releases !== undefined && on.release !== null && !inRange(on.release.release, releases))
    return notApplicable(`applies to releases ${bounds}; the target is ${on.release.release}`);
  const excepted = rule.applies.exceptReleases?.find((e) => e.release === on.release?.release);
  if (excepted !== undefined) return notApplicable(excepted.why);
  const surface = rule.applies.surface;
  if (!on.target.surfaces.has(surface)) {
    const gap = on.target.surfaceGaps?.[surface];
    return skipped(gap === undefined ? `${on.target.spec} has ${SURFACE_NEEDS[surface].missing}: ${SURFACE_NEEDS[surface].why}` : `${on.target.spec}: ${gap}`);
  }
  if (rule.releaseDependent && on.release === null) return skipped(RELEASE_UNKNOWN);
  if (releases !== undefined && on.release === null) return skipped(`applies to releases ${bounds}; ${RELEASE_UNKNOWN}`);
  const lacking = rule.requires.find((capability) => !on.target.capabilities.has(capability));
  if (lacking !== undefined) return skipped(`${on.target.spec} lacks ${lacking}: ${CAPABILITY_NEEDS[lacking]}`);
  return null;
}

/** A cell whose API version lies outside the versions the rule speaks of (`applies.api`) is not applicable. */
export function apiGate(rule: Rule, api: string | null): Verdict | null {
  const range = rule.applies.api;
  if (range === undefined || api === null || inRange(api, range)) return null;
  return notApplicable(`the rule speaks of API versions ${range.min ?? 'any'}–${range.max ?? 'any'}; this cell is API ${api}`);
}
