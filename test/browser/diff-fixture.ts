import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffHtml, diffToReport, exploredRoutes, openSide, type OpenSide } from '../../suites/explorer/index.js';
import { withStartArgs } from '../../suites/run/start-args.js';
import { resolveTarget } from '../../suites/targets/resolve.js';

/**
 * Writes diff.json and diff.html into the directory given: a diff between two in-process
 * simulators, the second broken for two rules (a version above the range is served; container
 * events lack "from"), over /version and 15 stateful sequences. Run compiled (dist/), as the CLI is:
 * the browser test reads what it writes.
 */
const FAULTS = ['--fault', 'api.version.too-new', '--fault', 'deprecated.events.legacy-fields'];
export const COMMAND = [
  'ctr-conformance',
  'diff',
  '--target',
  'sim@28.5',
  '--target',
  'sim@28.5',
  '--routes',
  '/version',
  '--num-runs',
  '60',
  '--sequences',
  '15',
];

async function main(dir: string): Promise<void> {
  const sides: OpenSide[] = [];
  try {
    sides.push(await openSide(resolveTarget('sim@28.5', {}), { startMs: 30_000, requestTimeoutMs: 5_000 }));
    sides.push(await openSide(withStartArgs(resolveTarget('sim@28.5', {}), FAULTS), { startMs: 30_000, requestTimeoutMs: 5_000 }));
    const pair = [sides[0]!, sides[1]!] as const;
    const routes = exploredRoutes(['28.5'], '/version');
    const report = await diffToReport(pair, {
      seed: 7,
      numRuns: 60,
      sequences: 15,
      routes,
      routeGlob: '/version',
      requestTimeoutMs: 5_000,
      shrinkBudgetMs: 20_000,
      command: COMMAND,
    });
    writeFileSync(join(dir, 'diff.json'), `${JSON.stringify(report, null, 1)}\n`);
    writeFileSync(join(dir, 'diff.html'), diffHtml(report));
  } finally {
    await Promise.all(sides.map((s) => s.stop()));
  }
}

if (process.argv[2] === undefined) {
  process.stderr.write('usage: node dist/test/browser/diff-fixture.js DIR\n');
  process.exitCode = 2;
} else await main(process.argv[2]);
