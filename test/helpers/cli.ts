import { spawn, type ChildProcess } from 'node:child_process';
import type { Test } from 'tap';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../cli/ctr-conformance.js', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `ctr-conformance …` as a user would. */
export function runCli(args: readonly string[], env: Record<string, string | undefined> = process.env): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningCli {
  readonly child: ChildProcess;
  readonly stderr: () => string;
  readonly done: Promise<CliResult & { ms: number }>;
}

/** Starts `ctr-conformance …`; SIGKILLed after `deadlineMs` (and at teardown), so no test waits for ever. */
export function startCli(t: Test, args: readonly string[], deadlineMs: number, env: NodeJS.ProcessEnv = process.env): RunningCli {
  const began = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
  const done = new Promise<CliResult & { ms: number }>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal === null ? null : -1), stdout, stderr, ms: Date.now() - began });
    }),
  );
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, stderr: () => stderr, done };
}

export const cliWithin = (t: Test, args: readonly string[], deadlineMs = 60_000, env: NodeJS.ProcessEnv = process.env): Promise<CliResult & { ms: number }> =>
  startCli(t, args, deadlineMs, env).done;
