import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleBadge } from './bundle-badge.js';
import { BUNDLE_FILES } from './bundle-files.js';
import { manifestText, sumsOf } from './bundle-manifest.js';
import { fingerprint, readPrivateKey, signDetached } from './bundle-signature.js';
import { certificationOf, lockfileSha256 } from './certification.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { reason } from './preflight.js';
import { runAndWrite, type RunFlags } from './run-command.js';
import { UsageError } from './usage-error.js';

export type CertifyFlags = Omit<RunFlags, 'out' | 'record' | 'baseline' | 'writeBaseline' | 'shard' | 'path'> & {
  out: string;
  signKey?: string;
};

/** A bundle goes into a new or empty directory, so that its manifest lists its own files only. */
async function requireEmptyDir(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined) return;
  if (!info.isDirectory()) throw new UsageError(`--out ${dir}: not a directory`);
  const entries = await readdir(dir).catch((error: unknown) => {
    throw new UsageError(`--out ${dir}: cannot read it (${reason(error)})`);
  });
  if (entries.length > 0)
    throw new UsageError(`--out ${dir}: not empty (a bundle is written into a new or empty directory, so that its manifest lists its own files only)`);
}

/**
 * `ctr-conformance certify`: one whole run, as `run` makes it, with every exchange recorded, then
 * the bundle around its reports: certification.json, badge.svg, manifest.json (SHA-256 of every
 * file) and, with --sign-key, manifest.sig. The exit code is the run's (0 or 1, with a bundle);
 * a run that did not complete (2, 3, 130) leaves no manifest, so no bundle.
 */
export async function certifyCommand(flags: CertifyFlags): Promise<ExitCode> {
  // Both read before the run: a bad key or a used directory costs no run.
  const key = flags.signKey === undefined ? undefined : await readPrivateKey(flags.signKey);
  await requireEmptyDir(flags.out);
  const { signKey: _, ...runFlags } = flags;
  const { code, report } = await runAndWrite({ ...runFlags, record: join(flags.out, BUNDLE_FILES.transcript) });
  if ((code !== EXIT.PASS && code !== EXIT.FAIL) || report === undefined) {
    process.stderr.write(`ctr-conformance: no bundle written: the run did not complete (exit code ${code})\n`);
    return code;
  }
  for (const file of [BUNDLE_FILES.json, BUNDLE_FILES.html, BUNDLE_FILES.junit, BUNDLE_FILES.transcript]) {
    if ((await stat(join(flags.out, file)).catch(() => undefined)) === undefined) {
      process.stderr.write(`ctr-conformance: no bundle written: ${file} is missing\n`);
      return EXIT.FAIL;
    }
  }
  // The report the run wrote, as runToReport built it (not read back from disk).
  const certification = certificationOf(report, await lockfileSha256(), new Date());
  await writeFile(join(flags.out, BUNDLE_FILES.certification), `${JSON.stringify(certification, null, 1)}\n`);
  await writeFile(join(flags.out, BUNDLE_FILES.badge), bundleBadge(report));
  const sums = await sumsOf(flags.out, [BUNDLE_FILES.manifest, BUNDLE_FILES.signature]);
  const manifest = manifestText(sums);
  await writeFile(join(flags.out, BUNDLE_FILES.manifest), manifest);
  if (key !== undefined) await writeFile(join(flags.out, BUNDLE_FILES.signature), signDetached(Buffer.from(manifest, 'utf8'), key));
  process.stdout.write(
    `bundle: ${flags.out} (${Object.keys(sums).length} files in ${BUNDLE_FILES.manifest}, ${key === undefined ? 'unsigned' : `signed: ${BUNDLE_FILES.signature}, key ${fingerprint(key)}`})\n${certification.verdict?.line ?? ''}\n`,
  );
  return code;
}
