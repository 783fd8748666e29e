import { shellWord } from '../../reports/renderers/curl.js';
import type { FoundDifference, Exploration } from './explore.js';
import { ROUTES_NOT_SENT } from './explored-routes.js';
import type { Label } from './labels.js';
import type { Side } from './side.js';

/** What a diff found, as written to diff.json and rendered: data only. */
export interface DiffReport {
  readonly format: 'ctr-conformance-diff/1';
  readonly tool: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly targets: readonly [DiffTarget, DiffTarget];
  readonly seed: number;
  readonly numRuns: number;
  readonly cases: number;
  /** Stateful sequences run (see sequences.ts). */
  readonly sequences: number;
  /** The --routes glob, if one. */
  readonly routes: string | null;
  readonly routesExplored: number;
  readonly notSent: readonly { readonly method: string; readonly path: string; readonly why: string }[];
  /** What this explorer does not do yet, so that no reader takes its silence for agreement. */
  readonly notExplored: readonly string[];
  readonly totals: Readonly<Record<Label['kind'], number>>;
  /**
   * Routes (method and path of the table) a simulator side answered 501 "not implemented" (to some
   * requests or to all): the differences of those requests are
   * unexplained too, but their cause is one: the simulator does not serve them.
   */
  readonly notServed: readonly string[];
  /** How many unexplained kinds are of requests a simulator answered 501 (marked `notServed`; a request on the same route it serves is not among them). */
  readonly unexplainedOnNotServed: number;
  readonly differences: readonly FoundDifference[];
  /** `ctr-conformance diff …` without --seed and --path: the replay line of a difference adds them. */
  readonly command: readonly string[];
}

export interface DiffTarget {
  readonly spec: string;
  readonly version: string | null;
  readonly release: string | null;
  readonly apiMin: string | null;
  readonly apiMax: string | null;
  readonly real: boolean;
}

export const NOT_EXPLORED = [
  'stateful sequences on volumes, networks, and running containers (the sequences import images, create, tag, inspect, list and delete images and containers that are never started, and read /events around them)',
  'raw bytes and unclean paths (//, /./): the requests go through the HTTP client',
];

const targetOf = (side: Side): DiffTarget => ({
  spec: side.spec,
  version: side.version,
  release: side.release?.release ?? null,
  apiMin: side.min,
  apiMax: side.max,
  real: side.real,
});

export function diffReport(parts: {
  readonly tool: string;
  readonly startedAt: Date;
  readonly sides: readonly [Side, Side];
  readonly exploration: Exploration;
  readonly routes: string | null;
  readonly routesExplored: number;
  readonly command: readonly string[];
}): DiffReport {
  const totals: Record<Label['kind'], number> = { unexplained: 0, 'known-deviation': 0, rule: 0, volatile: 0 };
  for (const d of parts.exploration.differences) totals[d.label.kind]++;
  const routeOf = (d: FoundDifference): string => `${d.probe.method} ${d.probe.route}`;
  const notServed = [...new Set(parts.exploration.differences.filter((d) => d.notServed === true).map(routeOf))].sort();
  return {
    format: 'ctr-conformance-diff/1',
    tool: parts.tool,
    startedAt: parts.startedAt.toISOString(),
    durationMs: Date.now() - parts.startedAt.getTime(),
    targets: [targetOf(parts.sides[0]), targetOf(parts.sides[1])],
    seed: parts.exploration.seed,
    numRuns: parts.exploration.numRuns,
    cases: parts.exploration.cases,
    sequences: parts.exploration.sequences,
    routes: parts.routes,
    routesExplored: parts.routesExplored,
    notSent: ROUTES_NOT_SENT,
    notExplored: NOT_EXPLORED,
    totals,
    notServed,
    unexplainedOnNotServed: parts.exploration.differences.filter((d) => d.label.kind === 'unexplained' && d.notServed === true).length,
    differences: parts.exploration.differences,
    command: parts.command,
  };
}

/** The command that sends one difference's request (or runs its sequence) again. */
export const replayLine = (report: DiffReport, d: FoundDifference): string =>
  [...report.command, '--seed', String(report.seed), d.sequence === undefined ? '--path' : '--sequence-path', d.path].map(shellWord).join(' ');
