import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { lineProgress, progressFor } from '../cli/progress.js';
import { runCli } from './helpers/cli.js';

/**
 * Progress without a terminal (issue 38): a CI log gets a line when an area's cells begin and at
 * most one every 10 s otherwise, each with what is done and what is left; -q silences it.
 */
function recorder() {
  const lines: string[] = [];
  return { lines, stream: { write: (s: string) => lines.push(s) > 0, isTTY: false } };
}

t.test('a line per area and every 10 s, with what is done and left, then one when all is done', async (t) => {
  let clock = 0;
  const { lines, stream } = recorder();
  const progress = lineProgress(stream, { now: () => clock, areaOf: (rule) => rule.split('.')[0]! });
  progress.update(1, 10, 'api.a @ 1.24');
  clock = 4_000;
  progress.update(2, 10, 'api.a @ 1.25'); // same area, 4 s later: nothing
  clock = 12_000;
  progress.update(3, 10, 'api.b'); // 10 s since the last line
  clock = 13_000;
  progress.update(4, 10, 'config.x'); // a new area
  progress.update(5, 10, 'api.c'); // api again, interleaved: announced once only
  clock = 61_000;
  progress.update(10, 10, 'config.y');
  progress.stop();
  t.same(lines, [
    'progress: 1/10 cells done (10 %), 9 left, 0:00 elapsed; area api begins (api.a @ 1.24)\n',
    'progress: 3/10 cells done (30 %), 7 left, 0:12 elapsed; area api (api.b)\n',
    'progress: 4/10 cells done (40 %), 6 left, 0:13 elapsed; area config begins (config.x)\n',
    'progress: 10/10 cells done (100 %), 0 left, 1:01 elapsed; area config (config.y)\n',
    'progress: 10/10 cells done (100 %), 0 left, 1:01 elapsed; all cells done\n',
  ]);
});

t.test('while no cell ends, a line every 10 s says so; none after the last cell or the stop', async (t) => {
  let clock = 0;
  let tick: (() => void) | undefined;
  let stopped = 0;
  const every = (ms: number, fn: () => void): (() => void) => {
    t.equal(ms, 10_000);
    tick = fn;
    return () => void stopped++;
  };
  const { lines, stream } = recorder();
  const progress = lineProgress(stream, { now: () => clock, every, areaOf: (rule) => rule.split('.')[0]! });
  t.equal(tick, undefined, 'no timer before the first cell');
  progress.update(1, 3, 'deprecated.a @ 1.24');
  clock = 5_000;
  tick!(); // 5 s since the last line: nothing
  clock = 10_000;
  tick!();
  clock = 20_000;
  tick!();
  clock = 21_000;
  progress.update(2, 3, 'deprecated.a @ 1.25'); // 1 s after the last line: nothing
  clock = 31_000;
  tick!();
  progress.update(3, 3, 'deprecated.b');
  clock = 60_000;
  tick!();
  progress.stop();
  t.same(lines, [
    'progress: 1/3 cells done (33 %), 2 left, 0:00 elapsed; area deprecated begins (deprecated.a @ 1.24)\n',
    'progress: 1/3 cells done (33 %), 2 left, 0:10 elapsed; area deprecated, cells still running (none ended in the last 0:10)\n',
    'progress: 1/3 cells done (33 %), 2 left, 0:20 elapsed; area deprecated, cells still running (none ended in the last 0:20)\n',
    'progress: 2/3 cells done (66 %), 1 left, 0:31 elapsed; area deprecated, cells still running (none ended in the last 0:10)\n',
    'progress: 3/3 cells done (100 %), 0 left, 0:31 elapsed; all cells done\n',
  ]);
  t.ok(stopped >= 1, 'the timer is stopped');
});

t.test('a run stopped before its end says where it stopped; -q and a run with no cell print nothing', async (t) => {
  const { lines, stream } = recorder();
  const progress = lineProgress(stream, { now: () => 0 });
  progress.update(3, 8, 'api.ping');
  progress.stop();
  t.match(lines.at(-1), /^progress: 3\/8 cells done \(37 %\), 5 left, 0:00 elapsed; stopped\n$/);
  t.match(lines[0], /area api-versioning begins \(api\.ping\)/, 'the catalogue’s area by default');
  const quiet = recorder();
  const none = progressFor(quiet.stream as unknown as NodeJS.WriteStream, true);
  none.update(1, 2, 'api.ping');
  none.stop();
  const idle = lineProgress(quiet.stream);
  idle.stop();
  t.same(quiet.lines, []);
});

t.test('run without a terminal prints progress lines on stderr', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-progress-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const run = await runCli(['run', '--target', 'sim', '--only', 'api.ping', '--only', 'config.file.json', '--num-runs', '2', '--out', dir]);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /^progress: \d+\/\d+ cells done \(\d+ %\), \d+ left, 0:\d\d elapsed; area (api-versioning|daemon-config) begins/m);
  t.match(run.stderr, /area daemon-config begins \(config\.file\.json\)/);
  t.match(run.stderr, /; all cells done\n/);
  const quiet = await runCli(['run', '--target', 'sim', '--only', 'api.ping', '--num-runs', '2', '--out', join(dir, 'q'), '-q']);
  t.notMatch(quiet.stderr, /progress:/);
});
