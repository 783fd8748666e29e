import type { EngineRoute } from '../../specs/engine-routes.js';
import { TOOL_VERSION } from '../run/tool-version.js';
import { diffReport, type DiffReport } from './diff-report.js';
import { explore, type DiffSide } from './explore.js';
import { exploreSequences } from './sequences.js';

export interface DiffOptions {
  readonly seed: number;
  /** Generated requests. */
  readonly numRuns: number;
  /** Stateful sequences. */
  readonly sequences: number;
  /** The routes the requests are generated for (exploredRoutes). */
  readonly routes: readonly EngineRoute[];
  /** The route glob they were chosen by (`--routes`), or null for all. */
  readonly routeGlob: string | null;
  /** Replays only the request at this path: no sequence runs. */
  readonly path?: string;
  /** Replays only the sequence at this path: no request is generated. */
  readonly sequencePath?: string;
  readonly requestTimeoutMs: number;
  /** Time the shrinking of the requests may take, and again that of the sequences (the requests' may have spent theirs). */
  readonly shrinkBudgetMs: number;
  /** The words of the command that names this diff, for the replay lines (seed and path are added per difference). */
  readonly command: readonly string[];
  /** When the diff began (default now): the report's start and duration. */
  readonly startedAt?: Date;
  readonly onProgress?: (done: number, total: number, label: string) => void;
}

/** The diff of two open sides as `ctr-conformance diff` writes it: the generated requests, then the stateful sequences, in one report. */
export async function diffToReport(sides: readonly [DiffSide, DiffSide], options: DiffOptions): Promise<DiffReport> {
  const startedAt = options.startedAt ?? new Date();
  const { seed, requestTimeoutMs, shrinkBudgetMs } = options;
  const onProgress = options.onProgress === undefined ? {} : { onProgress: options.onProgress };
  const requests =
    options.sequencePath !== undefined
      ? { seed, numRuns: 0, cases: 0, sequences: 0, differences: [] }
      : await explore(sides, {
          seed,
          numRuns: options.numRuns,
          routes: options.routes,
          ...(options.path === undefined ? {} : { path: options.path }),
          requestTimeoutMs,
          shrinkBudgetMs,
          ...onProgress,
        });
  const sequences = await exploreSequences(sides, {
    seed,
    sequences: options.path !== undefined ? 0 : options.sequences,
    ...(options.sequencePath === undefined ? {} : { path: options.sequencePath }),
    requestTimeoutMs,
    shrinkBudgetMs,
    ...onProgress,
  });
  return diffReport({
    tool: TOOL_VERSION,
    startedAt,
    sides: [sides[0].side, sides[1].side],
    exploration: {
      ...requests,
      numRuns: options.numRuns,
      sequences: sequences.sequences,
      differences: [...requests.differences, ...sequences.differences],
    },
    routes: options.routeGlob,
    routesExplored: options.routes.length,
    command: options.command,
  });
}
