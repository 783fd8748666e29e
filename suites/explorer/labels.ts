import { compareVersions, inRange } from '../../common/dotted-version.js';
import { KNOWN_DEVIATIONS } from '../../specs/known-deviations.js';
import { RULES } from '../../specs/catalogue.js';
import type { Rule } from '../../specs/types.js';
import type { Difference } from './compare.js';
import { DAEMON_WIDE } from './difference-kind.js';
import { routeIn, routesReached } from './explored-routes.js';
import { UNKNOWN_ROUTE, type Probe } from './probe.js';
import { effectiveVersion, versionClass, type Side, type VersionClass } from './side.js';

/** What accounts for a difference. Unexplained ones are where new rules come from. */
export type Label =
  | { readonly kind: 'volatile'; readonly why: string }
  | { readonly kind: 'known-deviation'; readonly rule: string; readonly release: string }
  | { readonly kind: 'rule'; readonly rules: readonly string[]; readonly why: string }
  | { readonly kind: 'unexplained' };

/** Rules that speak of the answers of a route (method and path of specs/engine-routes.ts), beyond the versioning ones every route has. */
const ROUTE_RULES: Readonly<Record<string, readonly string[]>> = {
  'GET /_ping': ['api.ping', 'api.version.negotiation', 'api.headers.api-version'],
  'HEAD /_ping': ['api.ping', 'api.version.negotiation', 'api.headers.api-version'],
  'GET /version': ['api.version.negotiation', 'api.headers.api-version'],
  'GET /info': ['config.info.shape', 'config.cdi.spec-dirs'],
  'GET /images/json': ['deprecated.images-list.filter-parameter', 'deprecated.images-list.filter-parameter.legacy-form'],
  'GET /images/{name}/json': [
    'deprecated.image-inspect.container-config',
    'deprecated.image-inspect.nonstandard-fields',
    'deprecated.image-inspect.empty-fields',
  ],
  'POST /containers/create': ['deprecated.kernel-memory'],
  'POST /containers/{name}/start': ['deprecated.container-start.host-config', 'deprecated.container-start.host-config.refusal'],
  'POST /containers/{name}/copy': ['deprecated.container-copy.removed'],
  'GET /containers/{name}/archive': ['deprecated.container-archive.served'],
  'HEAD /containers/{name}/archive': ['deprecated.container-archive.served'],
  'PUT /containers/{name}/archive': ['deprecated.container-archive.served'],
  'GET /containers/{name}/json': ['deprecated.network-settings.top-level', 'deprecated.network.dns-names', 'deprecated.network.aliases-short-id'],
  'GET /events': ['deprecated.events.legacy-fields'],
};

/** Rules of a route that speak only of the requests that carry what they are about. */
const EXERCISED: Readonly<Record<string, (probe: Probe) => boolean>> = {
  'deprecated.images-list.filter-parameter': (probe) => /[?&]filter=/.test(probe.path),
  'deprecated.images-list.filter-parameter.legacy-form': (probe) => /[?&]filter=/.test(probe.path),
};

const TOO_OLD = [
  'api.version.too-old',
  'api.version.too-old.status',
  'api.version.too-old.wording',
  'api.version.minimum-1.12',
  'api.version.below-1.24-disabled',
  'limits.min-api-version',
  'api.error.legacy-plain-text',
  'api.headers.api-version',
  'api.version.compare-numeric',
];
const TOO_NEW = ['api.version.too-new', 'api.error.json-body', 'api.headers.api-version', 'api.version.compare-numeric'];
const NOT_FOUND = ['api.not-found', 'api.not-found.legacy-plain-text', 'api.version.malformed-not-found', 'api.options.any-path'];

const BY_ID = new Map<string, Rule>(RULES.map((r) => [r.id, r]));

/** The path of a probe without its version prefix and query. */
const barePath = (probe: Probe): string => {
  const path = probe.path.split('?')[0]!;
  return probe.version === null ? path : path.slice(`/v${probe.version}`.length);
};

/** Whether the request reaches a route of `side`'s release (OPTIONS reaches one on every path). */
function routed(probe: Probe, side: Side): boolean {
  if (probe.method === 'OPTIONS') return true;
  return routesReached(probe.method, barePath(probe)).some((route) => side.release === null || routeIn(route, side.release.release));
}

/**
 * Which rules speak of which aspect of an answer; a rule not listed speaks of the whole answer.
 * A status differs by the rule on statuses, a message by the one on wording, and so on.
 */
const ASPECTS: Readonly<Record<string, (d: Difference) => boolean>> = {
  'api.version.too-old.status': (d) => d.aspect === 'status',
  'api.version.too-old.wording': (d) => d.aspect === 'error-text',
  'api.headers.api-version': (d) => d.aspect === 'header' && ['api-version', 'ostype', 'server'].includes(d.at),
  'api.version.negotiation': (d) =>
    (d.aspect === 'header' && d.at === 'api-version') || (d.aspect === 'value' && /^\$\.(ApiVersion|MinAPIVersion)$/.test(d.at)),
  'api.error.json-body': (d) => d.aspect === 'body-kind' || (d.aspect === 'header' && d.at === 'content-type'),
  'api.error.legacy-plain-text': (d) => d.aspect === 'body-kind' || d.aspect === 'error-text' || (d.aspect === 'header' && d.at === 'content-type'),
  'api.not-found.legacy-plain-text': (d) => d.aspect === 'body-kind' || d.aspect === 'error-text' || (d.aspect === 'header' && d.at === 'content-type'),
  // The rule speaks of /info's CDISpecDirs only (20.10 lacks the field: its known deviation).
  'config.cdi.spec-dirs': (d) => d.at === '$.CDISpecDirs' || d.at.startsWith('$.CDISpecDirs['),
};

/** The rules that speak of this probe's answer on either side (before the catalogue says where each applies). */
function candidates(probe: Probe, classes: readonly [VersionClass, VersionClass], difference: Difference): string[] {
  const out: string[] = [];
  if (classes.includes('too-old')) out.push(...TOO_OLD);
  if (classes.includes('too-new')) out.push(...TOO_NEW);
  if (classes.includes('malformed') || probe.route === UNKNOWN_ROUTE || routesReached(probe.method, barePath(probe)).length === 0) out.push(...NOT_FOUND);
  if (difference.aspect === 'header' && difference.at === 'api-version') out.push('api.headers.api-version', 'api.version.negotiation');
  // The rule names Server among the headers every answer carries; its value is the release's.
  if (difference.aspect === 'header' && difference.at === 'server') out.push('api.headers.api-version');
  // A route's rules speak of its answer, not of the headers every answer carries.
  if (!(difference.aspect === 'header' && DAEMON_WIDE.has(difference.at))) out.push(...(ROUTE_RULES[`${probe.method} ${probe.route}`] ?? []));
  return [...new Set(out)].filter((id) => (ASPECTS[id]?.(difference) ?? true) && (EXERCISED[id]?.(probe) ?? true));
}

/** Whether the catalogue says `rule` applies to `side` at API `api` (null: the side serves none for this probe). */
function appliesTo(rule: Rule, side: Side, api: string | null): boolean {
  if (rule.applies.surface !== 'daemon-api') return false;
  const release = side.release?.release;
  if (release !== undefined && rule.applies.releases !== undefined && !inRange(release, rule.applies.releases)) return false;
  if (release !== undefined && rule.applies.exceptReleases?.some((e) => e.release === release)) return false;
  return api === null || rule.applies.api === undefined || inRange(api, rule.applies.api);
}

/** The known deviation of a real side's release that `rule` names for this probe, if one. */
function deviationOf(rule: string, probe: Probe, side: Side): string | null {
  const release = side.release?.release;
  if (!side.real || release === undefined) return null;
  const api = effectiveVersion(probe.version, side);
  const found = KNOWN_DEVIATIONS.find(
    (d) =>
      d.rule === rule &&
      d.releases.includes(release) &&
      (d.cells === 'all' ||
        (d.cells === 'below-minimum'
          ? versionClass(probe.version, side) === 'too-old'
          : api !== null && d.cells.api.some((v) => compareVersions(v, api) === 0))),
  );
  return found === undefined ? null : release;
}

/**
 * The label of one difference between the answers of `sides` to `probe`, in this order: volatile;
 * a known deviation of a real side's release; the route table (a route one release has and the
 * other lacks); a rule of the catalogue that applies to a side and whose expected outcome differs
 * between the two (they emulate other releases, or answer at other API versions); else unexplained.
 */
export function labelOf(probe: Probe, difference: Difference, sides: readonly [Side, Side]): Label {
  if (difference.volatile !== undefined) return { kind: 'volatile', why: difference.volatile };
  const classes = [versionClass(probe.version, sides[0]), versionClass(probe.version, sides[1])] as const;
  const ids = candidates(probe, classes, difference);
  for (const id of ids) {
    for (const side of sides) {
      const release = deviationOf(id, probe, side);
      if (release !== null) return { kind: 'known-deviation', rule: id, release };
    }
  }
  const [a, b] = sides;
  const releasesDiffer = a.release?.release !== b.release?.release;
  if (releasesDiffer && classes[0] === classes[1] && routed(probe, a) !== routed(probe, b)) {
    const has = routed(probe, a) ? a : b;
    return {
      kind: 'rule',
      rules: ['api.not-found'],
      why: `${probe.method} ${barePath(probe)} reaches a route of ${has.release?.release} only (specs/engine-routes.ts)`,
    };
  }
  const apis = [effectiveVersion(probe.version, a), effectiveVersion(probe.version, b)] as const;
  const apisDiffer = apis[0] === null || apis[1] === null ? classes[0] !== classes[1] : compareVersions(apis[0], apis[1]) !== 0;
  const rules = ids.filter((id) => {
    const rule = BY_ID.get(id);
    if (rule === undefined || !(appliesTo(rule, a, apis[0]) || appliesTo(rule, b, apis[1]))) return false;
    return (releasesDiffer && rule.releaseDependent) || (apisDiffer && (rule.binding === 'per-version' || releasesDiffer));
  });
  if (rules.length === 0) return { kind: 'unexplained' };
  const why =
    classes[0] !== classes[1]
      ? `version ${probe.version}: ${classes[0]} on ${a.spec}, ${classes[1]} on ${b.spec}`
      : apisDiffer
        ? `answered at API ${apis[0] ?? '-'} and ${apis[1] ?? '-'}`
        : `releases ${a.release?.release ?? '?'} and ${b.release?.release ?? '?'}`;
  return { kind: 'rule', rules, why };
}

/** A label in a few words. */
export function labelText(label: Label): string {
  switch (label.kind) {
    case 'volatile':
      return `volatile (${label.why})`;
    case 'known-deviation':
      return `known deviation ${label.rule} of ${label.release}`;
    case 'rule':
      return `rule ${label.rules.join(', ')} (${label.why})`;
    case 'unexplained':
      return 'UNEXPLAINED';
  }
}
