/**
 * A whole conformance run (the run library's runToReport, suites/run) against the simulator and a real daemon:
 * what a user waits for. Same seed and number of cases on every target, rounds interleaved.
 */
import { runToReport } from '../suites/run/index.js';
import { InProcessSimTarget } from '../suites/targets/in-process-sim.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import type { Target } from '../suites/targets/target.js';

export interface WholeRunSeries {
  readonly label: string;
  readonly target: () => Target;
  /** The rules to run; all of the catalogue when absent. */
  readonly only?: readonly string[];
  readonly seconds: number[];
  /** "N pass, N fail, …" of the last round, so that a fast run that judged nothing shows. */
  outcome?: string;
  /** Cells judged in the last round. */
  cells?: number;
  error?: string;
}

export const WHOLE_RUN_SEED = 20261123;
export const WHOLE_RUN_CASES = 15;

/** The targets of the section: ctrd-sim in-process and as a process, emulating `release`, and the real daemon when there is one. */
export function wholeRunSeries(release: string, daemonPath: string | undefined, env: Record<string, string | undefined>): WholeRunSeries[] {
  const simArgs = ['--emulate', release, '--brand', 'docker'];
  return [
    { label: `ctrd-sim in-process (emulating ${release})`, target: () => new InProcessSimTarget('sim', simArgs), seconds: [] },
    {
      label: `ctrd-sim process (emulating ${release})`,
      target: () => new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], fixedArgs: simArgs, env }),
      seconds: [],
    },
    ...(daemonPath === undefined
      ? []
      : [{ label: `dockerd ${release}`, target: () => new SpawnedDaemonTarget({ spec: `daemon:${daemonPath}`, command: [daemonPath] }), seconds: [] }]),
  ];
}

/** Runs every series `rounds` times, interleaved; each run starts and stops its own target. */
export async function measureWholeRuns(series: readonly WholeRunSeries[], rounds: number, progress: (line: string) => void): Promise<void> {
  for (let round = 1; round <= rounds; round++) {
    const parts: string[] = [];
    for (const s of series) {
      if (s.error !== undefined) continue;
      const begin = performance.now();
      try {
        const { report } = await runToReport({
          target: s.target(),
          seed: WHOLE_RUN_SEED,
          numRuns: WHOLE_RUN_CASES,
          numStarts: 2,
          concurrency: 4,
          ...(s.only === undefined ? {} : { only: s.only }),
        });
        const seconds = (performance.now() - begin) / 1000;
        s.seconds.push(seconds);
        const t = report.totals;
        s.outcome = `${t.pass} pass, ${t.fail} fail, ${t.error} error, ${t.skipped} skipped`;
        s.cells = report.results.length;
        parts.push(`${s.label} ${seconds.toFixed(2)} s`);
      } catch (error) {
        s.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        parts.push(`${s.label} failed`);
      }
    }
    progress(`  round ${round}/${rounds}: ${parts.join(' · ')}\n`);
  }
}
