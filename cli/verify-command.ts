import { lstat, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inputLimits, raiseHint, terminalSafe, type InputLimits } from '../common/index.js';
import { InputError } from '../common/input-error.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { validateReport } from '../reports/schema.js';
import { certificationLine } from '../reports/certification-verdict.js';
import { evidenceContradictions } from './bundle-evidence.js';
import { TOOL_VERSION } from '../suites/run/tool-version.js';
import { readTranscript, type Transcript } from '../suites/targets/transcript.js';
import { isMissing, readBundleFile } from './bundle-entries.js';
import { BUNDLE_FILES } from './bundle-files.js';
import { parseManifest } from './bundle-manifest.js';
import { derivedProblems } from './bundle-derived.js';
import { replayVerdicts } from './bundle-replay.js';
import { checkSums } from './bundle-sums.js';
import { fingerprint, readPublicKey, verifyDetached } from './bundle-signature.js';
import { disagreements, type Certification } from './certification.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { reason } from './preflight.js';
import { UsageError } from './usage-error.js';

export interface VerifyFlags {
  publicKey?: string;
}

/**
 * A file of the bundle as readBundleFile reads it (a regular file inside the bundle, within the
 * limit); 'missing' when it is not there; 'refused' when it is something else, which is then said.
 */
async function readEntry(dir: string, name: string, limits: InputLimits, findings: Findings): Promise<Buffer | 'missing' | 'refused'> {
  try {
    return await readBundleFile(dir, name, limits);
  } catch (error) {
    if (isMissing(error)) return 'missing';
    findings.bad(`${name}: ${error instanceof InputError ? error.message : `cannot read it (${reason(error)})`}`);
    return 'refused';
  }
}

function parseJson(bytes: Buffer | 'missing' | 'refused'): unknown {
  if (typeof bytes === 'string') return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Prints what was checked, line by line, and collects what does not hold. */
/** How many cells contradicted by their own evidence are named one by one; the rest are counted. */
const SHOWN_CONTRADICTIONS = 20;

class Findings {
  readonly problems: string[] = [];
  // Each line may quote a bundle's names and strings: none of their control characters reaches the terminal.
  ok(line: string): void {
    process.stdout.write(`ok       ${terminalSafe(line)}\n`);
  }
  note(line: string): void {
    process.stdout.write(`note     ${terminalSafe(line)}\n`);
  }
  bad(line: string): void {
    this.problems.push(line);
    process.stdout.write(`FAIL     ${terminalSafe(line)}\n`);
  }
}

/** The manifest's sums against the files, and the signature of the manifest. */
async function checkFiles(dir: string, key: Awaited<ReturnType<typeof readPublicKey>> | undefined, findings: Findings, limits: InputLimits): Promise<void> {
  const read = await readEntry(dir, BUNDLE_FILES.manifest, limits, findings);
  const manifestBytes = typeof read === 'string' ? null : read;
  const manifest = manifestBytes === null ? null : parseManifest(manifestBytes.toString('utf8'));
  if (read === 'missing') findings.bad(`${BUNDLE_FILES.manifest}: missing: no file of the bundle can be checked`);
  else if (read === 'refused') findings.bad(`${BUNDLE_FILES.manifest}: not read: no file of the bundle can be checked`);
  else if (manifest === null) findings.bad(`${BUNDLE_FILES.manifest}: not a manifest (format ctr-conformance-manifest/1)`);
  else {
    const problems = await checkSums(dir, manifest.files, limits);
    for (const problem of problems) findings.bad(problem);
    if (problems.length === 0)
      findings.ok(`sums: the ${Object.keys(manifest.files).length} files match ${BUNDLE_FILES.manifest} (SHA-256), none missing, none added`);
  }
  const signatureRead = await readEntry(dir, BUNDLE_FILES.signature, limits, findings);
  if (signatureRead === 'refused') return;
  const signature = signatureRead === 'missing' ? null : signatureRead;
  if (key === undefined) {
    findings.note(
      signature === null
        ? 'signature: the bundle is not signed'
        : `signature: ${BUNDLE_FILES.signature} is there but not checked (pass --public-key to check it)`,
    );
  } else if (signature === null) findings.bad(`${BUNDLE_FILES.signature}: missing: the bundle is not signed, and --public-key asks for a signature`);
  else if (manifestBytes !== null && verifyDetached(manifestBytes, signature, key))
    findings.ok(`signature: ${BUNDLE_FILES.signature} is a valid Ed25519 signature of ${BUNDLE_FILES.manifest} by key ${fingerprint(key)}`);
  else
    findings.bad(
      `${BUNDLE_FILES.signature}: not a signature of this ${BUNDLE_FILES.manifest} by key ${fingerprint(key)} (the manifest was changed, or another key signed it)`,
    );
}

/**
 * The report: its derived files, each cell's status against its own evidence, certification.json
 * beside it; then the replay of the transcript against the report's verdicts. `read.report` is the
 * bundle's report, once it was read and valid.
 */
async function checkVerdicts(dir: string, findings: Findings, limits: InputLimits, read: { report?: ConformanceReport }): Promise<void> {
  const doc = parseJson(await readEntry(dir, BUNDLE_FILES.json, limits, findings));
  if (doc === undefined) return findings.bad(`${BUNDLE_FILES.json}: missing or not JSON: nothing to replay against`);
  const valid = validateReport(doc);
  if (!valid.ok) return findings.bad(`${BUNDLE_FILES.json}: not a valid report (${valid.errors.slice(0, 3).join('; ')})`);
  const report = doc as ConformanceReport;
  read.report = report;
  const derived = await derivedProblems(dir, report, limits);
  for (const problem of derived.problems) findings.bad(problem);
  if (derived.problems.length === 0) findings.ok(`derived: ${derived.compared.join(', ')} are what ${BUNDLE_FILES.json} renders to`);
  const contradicted = evidenceContradictions(report);
  for (const line of contradicted.slice(0, SHOWN_CONTRADICTIONS)) findings.bad(`evidence: ${line}`);
  if (contradicted.length > SHOWN_CONTRADICTIONS)
    findings.bad(`evidence: … and ${contradicted.length - SHOWN_CONTRADICTIONS} more cell(s) whose status their own evidence contradicts`);
  if (contradicted.length === 0) findings.ok(`evidence: each of the ${report.results.length} cells' status is what its own evidence allows`);
  const certification = parseJson(await readEntry(dir, BUNDLE_FILES.certification, limits, findings)) as Partial<Certification> | undefined;
  if (certification?.format !== 'ctr-conformance-certification/1') findings.bad(`${BUNDLE_FILES.certification}: missing or not a certification`);
  else {
    const differ = disagreements(certification, report);
    if (differ.length > 0) findings.bad(`${BUNDLE_FILES.certification} and ${BUNDLE_FILES.json} disagree on ${differ.join(', ')}`);
    else
      findings.ok(
        `certification: ${report.target.spec} (${report.target.version ?? 'unknown version'}), tool ${report.tool.version}, lockfile SHA-256 ${certification.lockfileSha256 ?? 'none'}, seed ${report.seed}, ${report.numRuns} runs`,
      );
  }
  if (report.tool.version !== TOOL_VERSION)
    findings.note(`the bundle was made by ctr-conformance ${report.tool.version}; this is ${TOOL_VERSION}: a replay by another version may judge differently`);
  if (report.options === undefined) return findings.bad(`${BUNDLE_FILES.json}: records no options: its run cannot be replayed`);
  // `replay:` plays a daemon API back: the recording of an openai: or llama-server target is not one.
  if (!report.target.surfaces.includes('daemon-api'))
    return findings.note(
      `replay: ${report.target.spec} has no daemon API, and a transcript replays only one: the ${report.results.length} cells rest on the sums, the signature and the consistency of their own evidence`,
    );
  // A report's numRuns is the vendor's word: a replay of 100 000 000 runs would never end.
  if (report.numRuns > limits.replayRuns)
    return findings.bad(
      `replay: ${BUNDLE_FILES.json} asks for ${report.numRuns} runs, over the limit of ${limits.replayRuns} (${raiseHint('replayRuns')}): not replayed`,
    );
  const path = join(dir, BUNDLE_FILES.transcript);
  if ((await lstat(path).catch(() => undefined)) === undefined) return findings.bad(`${BUNDLE_FILES.transcript}: missing: nothing to replay`);
  let transcript: Transcript;
  try {
    // Not through a link, a regular file within the file limit, inflated within its own.
    transcript = readTranscript(path, limits, { noFollow: true });
  } catch (error) {
    return findings.bad(`replay: ${(error as Error).message}: nothing replayed`);
  }
  let outcome: Awaited<ReturnType<typeof replayVerdicts>>;
  try {
    outcome = await replayVerdicts(path, transcript, report, report.options);
  } catch (error) {
    return findings.bad(`replay: ${BUNDLE_FILES.transcript} could not be replayed (${reason(error)})`);
  }
  for (const line of outcome.differing) findings.bad(`replay: ${line}`);
  const judged = report.results.length - outcome.notReplayable.length;
  if (outcome.differing.length === 0)
    findings.ok(`replay: ${outcome.agreeing} of ${judged} replayable cells reach the report's verdicts through ${BUNDLE_FILES.transcript}`);
  if (outcome.notReplayable.length > 0) {
    const reasons = new Map<string, number>();
    for (const { reason: why } of outcome.notReplayable) reasons.set(why, (reasons.get(why) ?? 0) + 1);
    findings.note(
      `replay: ${outcome.notReplayable.length} cell(s) cannot be replayed from a transcript; their verdicts rest on the sums, the signature and the consistency of their own evidence alone: ${[...reasons].map(([why, n]) => `${n} × ${why}`).join('; ')}`,
    );
  }
}

/**
 * `ctr-conformance verify DIR`: checks a certification bundle: each file's SHA-256 against the
 * manifest (a file changed, missing or added is named), the manifest's Ed25519 signature when a
 * public key is given, certification.json against report.json, and a replay of the transcript
 * reaching the report's verdicts. Exit 0 when all holds, 1 when anything does not, 2 on a usage error.
 */
export async function verifyCommand(dir: string, flags: VerifyFlags): Promise<ExitCode> {
  const limits = inputLimits();
  const info = await stat(dir).catch(() => undefined);
  if (info?.isDirectory() !== true) throw new UsageError(`${dir}: not a directory (verify takes the directory certify wrote)`);
  const key = flags.publicKey === undefined ? undefined : await readPublicKey(flags.publicKey);
  const marks = await Promise.all(
    [BUNDLE_FILES.manifest, BUNDLE_FILES.certification, BUNDLE_FILES.json].map((name) => lstat(join(dir, name)).catch(() => undefined)),
  );
  if (marks.every((mark) => mark === undefined))
    throw new UsageError(`${dir}: not a certification bundle (no ${BUNDLE_FILES.manifest}, ${BUNDLE_FILES.certification} or ${BUNDLE_FILES.json})`);
  const findings = new Findings();
  await checkFiles(dir, key, findings, limits);
  const read: { report?: ConformanceReport } = {};
  await checkVerdicts(dir, findings, limits, read);
  const shown = terminalSafe(dir);
  process.stdout.write(
    findings.problems.length === 0 ? `verified: ${shown}\n` : `NOT verified: ${shown}: ${findings.problems.length} problem(s), listed above as FAIL\n`,
  );
  // What the bundle certifies, in one line: trusted only where the bundle was verified.
  if (read.report !== undefined)
    process.stdout.write(
      findings.problems.length === 0
        ? `certifies: ${terminalSafe(certificationLine(read.report))}\n`
        : `its certification cannot be trusted (the bundle did not verify); it claims: ${terminalSafe(certificationLine(read.report))}\n`,
    );
  return findings.problems.length === 0 ? EXIT.PASS : EXIT.FAIL;
}
