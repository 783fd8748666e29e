import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { parse } from 'yaml';
import type { ConformanceReport } from '../reports/model/result.js';

/**
 * docs/ci.md's GitHub Actions example, run as GitHub would run it (issue 38): the `run:` steps of
 * the shard job once per matrix value, the artifacts moved as upload and download would, then the
 * merge job's `run:` steps, each in bash from the job's directory. The `uses:` steps and
 * `npm ci && npm run build` are what this checkout already did; the shard command is run as written
 * with one addition, `--only api-versioning`, so that the four parts check one area at the
 * simulator's default depth instead of the whole catalogue (the shape of the pipeline, not the
 * catalogue, is under test: the catalogue is the every-release test's).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
t.setTimeout(600_000);

interface Step {
  readonly run?: string;
  readonly uses?: string;
}
interface Job {
  readonly steps: readonly Step[];
  readonly strategy?: { readonly matrix: { readonly k: readonly number[] } };
}

const text = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
const block = /```yaml\n(jobs:[\s\S]*?)```/.exec(text)?.[1];
/** The example's jobs, or what keeps it from being YAML (GitHub would refuse the workflow). */
function jobsOf(yaml: string | undefined): { shard: Job; merge: Job } | string {
  if (yaml === undefined) return 'docs/ci.md has no ```yaml block starting with jobs:';
  try {
    return (parse(yaml) as { jobs: { shard: Job; merge: Job } }).jobs;
  } catch (error) {
    return `the example is not YAML: ${(error as Error).message}`;
  }
}
const found = jobsOf(block);
const jobs = typeof found === 'string' ? undefined : found;

const dir = mkdtempSync('/tmp/ctc-ci-example-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

/** A job's `run:` steps but the checkout's own set-up, with the matrix value put in. */
const commandsOf = (job: Job, k?: number): string[] =>
  job.steps
    .flatMap((step) => (step.run === undefined ? [] : [step.run]))
    .filter((command) => !command.startsWith('npm ci'))
    .map((command) => (k === undefined ? command : command.replace(/\$\{\{ matrix\.k \}\}/g, String(k))));

/** Runs a step in bash from the job's directory, as a job's `run:` does; its exit code. */
async function step(cwd: string, command: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['-eo', 'pipefail', '-c', command], {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 300_000,
      killSignal: 'SIGKILL',
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** A job's directory: a checkout whose build is this one's. */
function jobDir(name: string): string {
  const job = join(dir, name);
  mkdirSync(job);
  symlinkSync(join(ROOT, 'dist'), join(job, 'dist'));
  return job;
}

t.test("docs/ci.md's GitHub Actions example: four shards of the reference simulator, then a merge that passes", async (t) => {
  if (!t.ok(jobs?.shard && jobs.merge, typeof found === 'string' ? found : 'docs/ci.md has the example, with a shard job and a merge job')) return;
  const ks = jobs!.shard.strategy?.matrix.k ?? [];
  t.same(ks, [1, 2, 3, 4], 'a matrix of four parts');
  const shards = join(dir, 'artifacts');
  await Promise.all(
    ks.map(async (k) => {
      const job = jobDir(`shard-job-${k}`);
      for (const command of commandsOf(jobs!.shard, k)) {
        const ran = command.includes('ctr-conformance.js run') ? command.replace(' -q', ' --only api-versioning -q') : command;
        const { code, output } = await step(job, ran);
        t.equal(code, 0, `shard ${k}: ${ran}\n${output}`);
      }
      // upload-artifact, then download-artifact with pattern shard-* into shards/.
      cpSync(join(job, `shard-${k}`), join(shards, `shard-${k}`), { recursive: true });
    }),
  );
  const merge = jobDir('merge-job');
  cpSync(shards, join(merge, 'shards'), { recursive: true });
  for (const command of commandsOf(jobs!.merge)) {
    const { code, output } = await step(merge, command);
    t.equal(code, 0, `merge: ${command}\n${output}`);
  }
  const merged = JSON.parse(readFileSync(join(merge, 'merged', 'report.json'), 'utf8')) as ConformanceReport;
  t.ok(
    merged.results.length > 0 && merged.totals.fail === 0 && merged.totals.error === 0,
    `the merged report judges the run and nothing fails (${JSON.stringify(merged.totals)})`,
  );
});
