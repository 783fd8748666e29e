import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { type CertificationVerdict, certificationVerdict } from '../reports/certification-verdict.js';
import type { ConformanceReport, Deadlines, RecordedOptions, TargetDescription } from '../reports/model/result.js';
import { sha256 } from './bundle-manifest.js';
import { BUNDLE_FILES } from './bundle-files.js';

/** `certification.json`: what was certified, by which tool (and its exact dependency set), with what seed and options. */
export interface Certification {
  readonly format: 'ctr-conformance-certification/1';
  readonly tool: ConformanceReport['tool'];
  /** SHA-256 of the tool's package-lock.json, or null when it was installed without one. */
  readonly lockfileSha256: string | null;
  readonly createdAt: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly deadlines: Deadlines;
  readonly options: RecordedOptions;
  readonly target: TargetDescription;
  readonly totals: ConformanceReport['totals'];
  /** Whether the target is certified, and why (reports/certification-verdict.ts); absent in bundles made before it was recorded. */
  readonly verdict?: CertificationVerdict;
  readonly files: { readonly reports: readonly string[]; readonly transcript: string; readonly badge: string };
}

/** The SHA-256 of this installation's package-lock.json, or null when there is none. */
export async function lockfileSha256(url = new URL('../../package-lock.json', import.meta.url)): Promise<string | null> {
  return readFile(url).then(sha256, () => null);
}

export function certificationOf(report: ConformanceReport & { options: RecordedOptions }, lockfile: string | null, now: Date): Certification {
  return {
    format: 'ctr-conformance-certification/1',
    tool: report.tool,
    lockfileSha256: lockfile,
    createdAt: now.toISOString(),
    seed: report.seed,
    numRuns: report.numRuns,
    deadlines: report.deadlines,
    options: report.options,
    target: report.target,
    totals: report.totals,
    verdict: certificationVerdict(report),
    files: { reports: [BUNDLE_FILES.json, BUNDLE_FILES.html, BUNDLE_FILES.junit], transcript: BUNDLE_FILES.transcript, badge: BUNDLE_FILES.badge },
  };
}

/**
 * Where certification.json and report.json disagree on what they both record (field names), and
 * "verdict" when certification.json's verdict is not the one report.json gives.
 */
export function disagreements(certification: Partial<Certification>, report: ConformanceReport): string[] {
  const fields = ['tool', 'seed', 'numRuns', 'deadlines', 'options', 'target', 'totals'] as const;
  const verdict = certification.verdict === undefined || isDeepStrictEqual(certification.verdict, certificationVerdict(report)) ? [] : ['verdict'];
  return [...fields.filter((field) => !isDeepStrictEqual(certification[field], report[field])), ...verdict];
}
