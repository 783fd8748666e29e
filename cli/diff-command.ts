import { join } from 'node:path';
import { freshSeed } from '../suites/harness/seeds.js';
import { profileFor } from '../suites/profiles.js';
import { isSimulatorSpec, resolveTarget } from '../suites/targets/resolve.js';
import { parseSimSpec } from '../suites/targets/sim-spec.js';
import { diffHtml, diffText, diffToReport, exploredRoutes, openSide, ReplayPathError, type OpenSide } from '../suites/explorer/index.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { targetSlug, timestamp } from './out-dir.js';
import { checkOutputDir, writeOutputFile } from './preflight.js';
import { progressFor } from './progress.js';
import { UsageError } from './usage-error.js';

export interface DiffFlags {
  target?: string[];
  profile?: string;
  seed?: number;
  numRuns: number;
  sequences: number;
  routes?: string;
  path?: string;
  sequencePath?: string;
  out?: string;
  requestTimeout: number;
  shrinkTimeout: number;
  allowRemote?: boolean;
  quiet?: boolean;
}

/** The words of the command that names this diff, for the replay lines (seed and path are added per difference). */
function commandOf(flags: DiffFlags, targets: readonly string[]): string[] {
  return [
    'ctr-conformance',
    'diff',
    ...targets.flatMap((t) => ['--target', t]),
    ...(flags.profile === undefined ? [] : ['--profile', flags.profile]),
    ...(flags.routes === undefined ? [] : ['--routes', flags.routes]),
    ...(flags.allowRemote === true ? ['--allow-remote'] : []),
    '--num-runs',
    String(flags.numRuns),
    '--sequences',
    String(flags.sequences),
  ];
}

/** `ctr-conformance diff`: 0 when nothing differs unexplained, 1 when something does (see exit-codes.ts). */
export async function diffCommand(flags: DiffFlags): Promise<ExitCode> {
  const targets = flags.target ?? [];
  if (targets.length !== 2) throw new UsageError(`diff compares two targets: give --target twice (got ${targets.length})`);
  if (flags.path !== undefined && flags.seed === undefined) throw new UsageError('--path replays one request of a previous diff: give its --seed too');
  if (flags.sequencePath !== undefined && flags.seed === undefined)
    throw new UsageError('--sequence-path replays one sequence of a previous diff: give its --seed too');
  if (flags.path !== undefined && flags.sequencePath !== undefined) throw new UsageError('--path and --sequence-path each replay one thing: give one of them');
  for (const [flag, value] of [
    ['--path', flags.path],
    ['--sequence-path', flags.sequencePath],
  ] as const)
    if (value !== undefined && !/^\d+(:\d+)*$/.test(value))
      throw new UsageError(`${flag} ${value}: not a replay path (digits and colons, as a replay line prints it)`);
  const asked = flags.profile === undefined ? undefined : profileFor(flags.profile);
  if (flags.profile !== undefined && asked === undefined) throw new UsageError(`--profile must be ctr or docker, got ${flags.profile}`);
  // A simulator compared with a real dockerd speaks docker's names, so that the brand is no difference.
  const profile = asked ?? profileFor(targets.every(isSimulatorSpec) ? 'ctr' : 'docker')!;
  const resolved = targets.map((spec) => resolveTarget(spec, { profile, allowRemote: flags.allowRemote === true }));
  const releases = targets.map((spec) => parseSimSpec(spec)?.release ?? null);
  const routes = exploredRoutes(releases, flags.routes);
  if (routes.length === 0) throw new UsageError(`--routes ${flags.routes}: matches no route of specs/engine-routes.ts that the explorer sends`);
  const seed = flags.seed ?? freshSeed();
  const startedAt = new Date();
  const dir = flags.out ?? join('reports', `diff-${targetSlug(targets[0]!)}-${targetSlug(targets[1]!)}-${timestamp(startedAt)}`);
  await checkOutputDir(flags.out === undefined ? 'report directory' : '--out', dir);

  const opened: OpenSide[] = [];
  const progress = progressFor(process.stderr, flags.quiet === true);
  try {
    for (const target of resolved) opened.push(await openSide(target, { startMs: 120_000, requestTimeoutMs: flags.requestTimeout * 1000 }));
    const sides = [opened[0]!, opened[1]!] as const;
    const report = await diffToReport(sides, {
      seed,
      numRuns: flags.numRuns,
      sequences: flags.sequences,
      routes,
      routeGlob: flags.routes ?? null,
      ...(flags.path === undefined ? {} : { path: flags.path }),
      ...(flags.sequencePath === undefined ? {} : { sequencePath: flags.sequencePath }),
      requestTimeoutMs: flags.requestTimeout * 1000,
      shrinkBudgetMs: flags.shrinkTimeout * 1000,
      command: commandOf(flags, targets),
      startedAt,
      onProgress: (done, total, label) => progress.update(done, total, label),
    });
    progress.stop();
    const files = { json: join(dir, 'diff.json'), html: join(dir, 'diff.html') };
    await writeOutputFile(files.json, `${JSON.stringify(report, null, 1)}\n`);
    await writeOutputFile(files.html, diffHtml(report));
    process.stdout.write(diffText(report, files));
    return report.totals.unexplained > 0 ? EXIT.FAIL : EXIT.PASS;
  } catch (error) {
    const flag = flags.path !== undefined ? '--path' : '--sequence-path';
    if (error instanceof ReplayPathError)
      throw new UsageError(`${flag} ${flags.path ?? flags.sequencePath}: ${error.message} (a replay line gives a path with the seed it was found with)`);
    throw error;
  } finally {
    progress.stop();
    await Promise.all(opened.map((side) => side.stop().catch(() => undefined)));
  }
}
