import { KNOWN_DEVIATIONS } from '../../specs/known-deviations.js';
import type { ConformanceReport } from '../../reports/model/result.js';
import { deviationCoversCell } from '../../suites/run/known-deviations.js';

export interface Agreement {
  /** Cells where the real daemon and the simulator disagree (no exception: the simulator carries the known deviations as observed quirks). */
  readonly differences: string[];
  /** Known-deviation cells the real daemon did not fail (the deviation is gone, or the check broke). */
  readonly deviationsNotFailing: string[];
  readonly deviationsSeen: number;
}

/** Whether a cell is one of `release`'s known deviations (`min`: the release's minimum API version). */
export function isKnownDeviationCell(rule: string, api: string | null, release: string, min: string): boolean {
  return KNOWN_DEVIATIONS.some((d) => d.rule === rule && d.releases.includes(release) && deviationCoversCell(d, api, min));
}

/**
 * Compares a real daemon's report with the simulator's, emulating the same release with its
 * observed quirks (`--as-observed`) and run with the same seed, cell by cell: every status must be
 * the same, the known deviations' failures included. `ignore` names statuses of the real report
 * that say nothing (a replay skips the rules that restart the daemon or send raw bytes).
 */
export function compareWithSimulator(real: ConformanceReport, sim: ConformanceReport, ignore: (status: string) => boolean = () => false): Agreement {
  const release = real.target.release ?? '';
  const min = real.target.apiRange?.min ?? '0';
  const simByCell = new Map(sim.results.map((r) => [`${r.rule}@${r.api}`, r]));
  const differences: string[] = [];
  const deviationsNotFailing: string[] = [];
  let deviationsSeen = 0;
  for (const result of real.results) {
    const cell = `${result.rule}@${result.api}`;
    if (isKnownDeviationCell(result.rule, result.api, release, min)) {
      deviationsSeen++;
      // A cell the target could not judge (a recording skips what needs a start) says nothing either way.
      // A deviation's API versions the release does not serve are not-applicable there: nothing to fail.
      if (result.status !== 'fail' && result.status !== 'not-applicable' && !ignore(result.status)) deviationsNotFailing.push(`${cell}: ${result.status}`);
    }
    if (ignore(result.status)) continue;
    // dockerd 20.10–28.5 hosts no model runner: ctrd-sim's runner has nothing there to agree with.
    if (result.status === 'skipped' && /has no model runner/.test(result.evidence.reason ?? '')) continue;
    const twin = simByCell.get(cell);
    if (twin?.status !== result.status)
      differences.push(
        `${cell}: real ${result.status}, simulator ${twin?.status ?? 'absent'} — real: ${result.evidence.summary}${twin === undefined ? '' : ` — simulator: ${twin.evidence.summary}`}`,
      );
  }
  return { differences, deviationsNotFailing, deviationsSeen };
}
