import type { IncomingMessage } from 'node:http';
import type { Exchange } from '../../http/exchange.js';
import { attachmentHeaders, PPROF_TEXT_HEADERS, sendGoAnswer, servePprofError, waitWhileConnected } from './go-answer.js';
import { fractionalSecondsWait, goAtoiIgnoringError, goFloat64, goFormValue, goInt64, wholeSecondsWait } from './go-request-values.js';
import { TRACE_WRITERS } from './go-trace.js';
import { cpuProfile } from './cpu-profile.js';
import { lookupProfile, profileNames, textFor } from './named-profiles.js';
import { pprofBuildOf, type PprofBuild } from './pprof-builds.js';
import { pprofIndexPage } from './pprof-index.js';
import { deltaProfile, nowNanos } from './profile-model.js';
import { profileProtobuf } from './profile-proto.js';
import { processRecorders } from './process-recorders.js';

/**
 * net/http/pprof's handlers (src/net/http/pprof/pprof.go) for ctrd-sim's node process, with the
 * answers, headers and query checks the releases gave (observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2, 2026-12-06).
 */

/**
 * The longest a profile, a trace or a delta waits. dockerd's server has no WriteTimeout, so
 * `seconds` is never refused and the real daemons wait as long as it says, until the client goes;
 * ctrd-sim waits at most five minutes, so that no request holds its process's profiler for good.
 */
export const LONGEST_WAIT_MS = 5 * 60_000;

/** What ctrd-sim's process was started with (Go's os.Args): the program, its options to node, its arguments. */
export const processCommandLine = (): string[] => [process.argv0, ...process.execArgv, ...process.argv.slice(1)];

/** The program the profiles' mapping names (node, which runs ctrd-sim). */
const PROGRAM = process.execPath;

const buildOf = (x: Exchange): PprofBuild => pprofBuildOf(x.state.config.release.release);
const formValue = (x: Exchange, key: string): string => goFormValue(x.query, key);

/** GET /debug/pprof/: the index page of the release's Go. */
export async function serveIndex(x: Exchange): Promise<void> {
  const build = buildOf(x);
  const recorders = processRecorders();
  const counts = new Map<string, number>();
  for (const name of profileNames(build.extraProfiles)) counts.set(name, (await lookupProfile(name, build.extraProfiles)?.count(recorders)) ?? 0);
  sendGoAnswer(
    x,
    200,
    [
      ['Content-Type', 'text/html; charset=utf-8'],
      ['X-Content-Type-Options', 'nosniff'],
    ],
    pprofIndexPage(build, counts),
  );
}

/** GET /debug/pprof/cmdline: the command line, its words separated by NUL bytes. */
export const serveCmdline = (x: Exchange): void => sendGoAnswer(x, 200, PPROF_TEXT_HEADERS, processCommandLine().join('\u0000'));

/** A body read to its end and dropped (the authorization step may have read it already). */
function drained(req: IncomingMessage): Promise<void> {
  if (req.complete) return Promise.resolve();
  return new Promise((resolve) => {
    for (const event of ['end', 'error', 'close']) req.once(event, () => resolve());
    req.resume();
  });
}

/**
 * /debug/pprof/symbol: `num_symbols: 1`, then each program counter of the raw query (of a POST's
 * body) that names a Go function. ctrd-sim has no Go functions, so none does (as 0x1 on the
 * releases); a POST's body is read first all the same.
 */
export async function serveSymbol(x: Exchange): Promise<void> {
  if (x.req.method === 'POST') await drained(x.req);
  sendGoAnswer(x, 200, PPROF_TEXT_HEADERS, 'num_symbols: 1\n');
}

/**
 * /debug/pprof/profile: a CPU profile of the process for `seconds` (an int64; not one above 0: 30),
 * one at a time (500 "cpu profiling already in use").
 */
export async function serveCpuProfile(x: Exchange): Promise<void> {
  const seconds = goInt64(formValue(x, 'seconds'));
  const wait = wholeSecondsWait(seconds === null || seconds <= 0n ? 30n : seconds);
  const recorders = processRecorders();
  if (recorders.cpuProfiling) return servePprofError(x, 500, 'Could not enable CPU profiling: cpu profiling already in use');
  recorders.cpuProfiling = true;
  try {
    const started = nowNanos();
    const run = await recorders.startCpuProfile();
    const stayed = await waitWhileConnected(x, Math.min(wait, LONGEST_WAIT_MS));
    const sampling = await run.stop();
    if (stayed) sendGoAnswer(x, 200, attachmentHeaders('profile'), profileProtobuf(cpuProfile(sampling, started), PROGRAM));
  } finally {
    recorders.cpuProfiling = false;
  }
}

/** /debug/pprof/trace: an execution trace for `seconds` (a float64; not one above 0: 1), one at a time. */
export async function serveTrace(x: Exchange): Promise<void> {
  const build = buildOf(x);
  const parsed = goFloat64(formValue(x, 'seconds'));
  // NaN is no error and not ≤ 0: Go keeps it, and its duration ends at once.
  const wait = fractionalSecondsWait(parsed === null || parsed <= 0 ? 1 : parsed);
  const recorders = processRecorders();
  if (recorders.tracing) return servePprofError(x, 500, `Could not enable tracing: ${build.traceBusy}`);
  recorders.tracing = true;
  try {
    if (await waitWhileConnected(x, Math.min(wait, LONGEST_WAIT_MS))) sendGoAnswer(x, 200, attachmentHeaders('trace'), TRACE_WRITERS[build.traceFormat]());
  } finally {
    recorders.tracing = false;
  }
}

/**
 * /debug/pprof/{name}: a runtime profile (404 "Unknown profile" for a name the release's Go does
 * not have); with `seconds`, the difference over that many seconds; `gc` > 0 collects the
 * garbage before heap; `debug` ≠ 0 answers as text (the body stays protobuf where the profile
 * prints text for debug > 0 only: observed for goroutine and block at debug=-1).
 */
export async function serveNamedProfile(x: Exchange): Promise<void> {
  const name = x.params['name'] ?? '';
  const profile = lookupProfile(name, buildOf(x).extraProfiles);
  if (profile === undefined) return servePprofError(x, 404, 'Unknown profile');
  const recorders = processRecorders();
  const secondsText = formValue(x, 'seconds');
  const debug = goAtoiIgnoringError(formValue(x, 'debug'));
  if (secondsText !== '') {
    const seconds = goInt64(secondsText);
    if (seconds === null || seconds <= 0n) return servePprofError(x, 400, 'invalid value for "seconds" - must be a positive integer');
    if (debug !== 0n) return servePprofError(x, 400, 'seconds and debug params are incompatible');
    const before = await profile.profile(recorders);
    if (!(await waitWhileConnected(x, Math.min(wholeSecondsWait(seconds), LONGEST_WAIT_MS)))) return;
    const delta = deltaProfile(before, await profile.profile(recorders));
    return sendGoAnswer(x, 200, attachmentHeaders(`${name}-delta`), profileProtobuf(delta, PROGRAM));
  }
  if (name === 'heap' && goAtoiIgnoringError(formValue(x, 'gc')) > 0n) await recorders.collectGarbage();
  const body = textFor(profile, debug) ? await profile.text(recorders, debug) : profileProtobuf(await profile.profile(recorders), PROGRAM);
  sendGoAnswer(x, 200, debug !== 0n ? PPROF_TEXT_HEADERS : attachmentHeaders(name), body);
}
