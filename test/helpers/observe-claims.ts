import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import type { ConformanceReport } from '../../reports/model/result.js';
import { HttpClient } from '../../suites/http/client.js';
import { profileFor } from '../../suites/profiles.js';
import { resolveTarget } from '../../suites/targets/resolve.js';
import type { StartRequest, TargetInstance } from '../../suites/targets/target.js';
import { runCli } from './cli.js';
import { inCI, installedDaemon } from './real-daemons.js';
import type { Daemon, ObservedOn, ReadingClaim } from './reading-claims.js';

/** The daemon of an installed release (real-daemons.ts: installedDaemon); llama-server is the probe's own business: its `path` is empty. */
export function installed(on: ObservedOn): { daemon: Daemon } | { missing: string } {
  return on === 'llama-server' ? { daemon: { release: on, path: '' } } : installedDaemon(on);
}

/** The cells of `rule` in a live run of it alone on `daemon` (seed 7, the suite's depth). */
async function liveVerdicts(daemon: Daemon, rule: string): Promise<{ statuses: string[]; summaries: string[] }> {
  const out = mkdtempSync(join(tmpdir(), 'ctc-claim-'));
  try {
    const run = await runCli([
      'run',
      '--target',
      `daemon:${daemon.path}`,
      '--only',
      rule,
      '--seed',
      '7',
      '--num-starts',
      '2',
      '--no-shrink',
      '-q',
      '--out',
      out,
    ]);
    if (run.code === 2) throw new Error(`the run of ${rule} on ${daemon.release} was a usage error: ${run.stderr}`);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    const cells = report.results.filter((r) => r.rule === rule && r.status !== 'skipped' && r.status !== 'not-applicable');
    return { statuses: cells.map((c) => c.status), summaries: cells.map((c) => `${c.api}: ${c.status} ${c.evidence.summary}`) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Observes every probe and verdict claim of `claims` on each release it names, `jobs` at a time
 * (each starts daemons). A release not installed is a failure in CI and a visible skip elsewhere.
 * Known-deviation claims are the agreement test's (test/reading-claims.test.ts checks they exist).
 */
export function observeClaims(t: Test, claims: readonly ReadingClaim[], { jobs = 1 }: { readonly jobs?: number } = {}): void {
  t.setTimeout(1_200_000);
  // Observations that mostly wait on the daemons (their plugin retries: 15 s each) run `jobs` at a time.
  t.jobs = jobs;
  if (claims.every((c) => c.observed.kind === 'known-deviation')) t.pass('every claim of the area is a known deviation, which the agreement test observes');
  for (const claim of claims) {
    const { observed } = claim;
    if (observed.kind === 'known-deviation') continue;
    for (const on of observed.on) {
      const name = `${claim.rule} (${claim.reading}) on ${on}: ${claim.words.length > 90 ? `${claim.words.slice(0, 87)}...` : claim.words}`;
      const found = installed(on);
      if ('missing' in found) {
        if (inCI()) t.fail(`${name}: real daemons are required in CI: ${found.missing}`);
        else t.test(name, { skip: `not installed: ${found.missing}` }, async () => {});
        continue;
      }
      t.test(name, async (t) => {
        if (observed.kind === 'probe') return observed.observe(t, found.daemon);
        const { statuses, summaries } = await liveVerdicts(found.daemon, claim.rule);
        t.ok(statuses.length > 0, `the rule judged at least one cell on ${on}`);
        t.same([...new Set(statuses)], [observed.status], `every cell is ${observed.status}:\n${summaries.join('\n')}`);
      });
    }
  }
}

/** A started daemon for a probe: its instance, a client on its API, and its output so far. Stopped at the test's end. */
export interface StartedDaemon {
  readonly instance: TargetInstance;
  readonly client: HttpClient;
  /** GET `path` on the daemon's API: status and parsed JSON body (or the text when it is not JSON). */
  readonly get: (path: string) => Promise<{ status: number; body: unknown }>;
}

/**
 * Starts `daemon` as the suites do (its own directories, the safety flags, stopped by PID) with
 * `request`'s flags, environment and configuration file. Refused: its exit code and output.
 */
export async function startDaemon(
  t: Test,
  daemon: Daemon,
  request: StartRequest = {},
): Promise<{ ok: true; started: StartedDaemon } | { ok: false; exitCode: number | null; output: string }> {
  const target = resolveTarget(`daemon:${daemon.path}`, { profile: profileFor('docker')! });
  const outcome = await target.start(request);
  if (!outcome.ok) return outcome;
  const { instance } = outcome;
  t.teardown(() => instance.stop());
  const client = new HttpClient(instance.endpoint);
  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const reply = await client.request('GET', path, { timeoutMs: 15_000 });
    const text = reply.body;
    try {
      return { status: reply.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: reply.status, body: text };
    }
  };
  return { ok: true, started: { instance, client, get } };
}

/** Starts `daemon` as startDaemon does, for a probe that needs it serving: undefined, and the test failed with the end of its output, when it did not. */
export async function servingDaemon(t: Test, daemon: Daemon, request: StartRequest = {}): Promise<StartedDaemon | undefined> {
  const start = await startDaemon(t, daemon, request);
  if (start.ok) return start.started;
  t.fail(`the daemon did not start (${JSON.stringify(request.args ?? [])}): ${start.output.trim().slice(-2000)}`);
  return undefined;
}

/**
 * `dockerd --validate --config-file <file>` (from 23.0): whether the configuration is taken, and
 * everything it printed. Ended by spawnSync's deadline (by its PID) if it hangs.
 */
export function validateConfig(
  daemon: Daemon,
  config: Readonly<Record<string, unknown>> | string,
  args: readonly string[] = [],
): { taken: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-claim-validate-'));
  try {
    const file = join(dir, 'daemon.json');
    writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
    const run = spawnSync(daemon.path, ['--validate', '--config-file', file, ...args], { encoding: 'utf8', timeout: 30_000, maxBuffer: 1 << 20 });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    return { taken: run.status === 0 && /configuration OK/.test(output), output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
