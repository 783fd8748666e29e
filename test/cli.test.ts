import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import t from 'tap';
import { RULES } from '../specs/index.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { runCli } from './helpers/cli.js';

// Two whole runs of the catalogue in process, two shards and some thirty CLI processes, beside the
// other test files (the whole run as a process is test/cli-sim-process.test.ts).
t.setTimeout(900_000);

const out = mkdtempSync('/tmp/ctc-cli-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

t.test('usage errors exit 2 with a clear message', async (t) => {
  const cases: [string[], RegExp][] = [
    [['run', '--target', 'nope'], /unknown target "nope"/],
    [['run', '--profile', 'podman'], /Allowed choices are ctr, docker/],
    [['run', '--seed', 'abc'], /--seed must be an integer/],
    [['run', '--target', 'endpoint:tcp://10.1.2.3:2375'], /refusing to send traffic to 10\.1\.2\.3/],
    [['run', '--target', 'endpoint:ftp://x'], /expected unix:\/\/\/path, tcp:\/\/host:port/],
    [['run', '--target', 'daemon:/nonexistent/dockerd'], /is not an executable file/],
    [['run', '--target', 'sim', '--emulate', '99.0'], /unknown release "99\.0"/],
    [['run', '--target', 'daemon:/bin/true', '--emulate', '28.5'], /--emulate applies to the simulator targets/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['run', '--only', 'api.nonsense'], /--only api\.nonsense: no rule "api\.nonsense"/],
    [['run', '--release', '0.9'], /--release 0\.9: not a release of the table/],
    [['run', '--fault', 'api.nonsense'], /--fault api\.nonsense: no rule "api\.nonsense" in the catalogue/],
    [['run', '--target', 'endpoint:unix:///tmp/ctc-none.sock', '--fault', 'api.ping'], /--fault applies to the simulator targets/],
    [['run', '--path', '0:1'], /--path replays one counterexample: name its cell with --only/],
    [['run', '--request-timeout', '0'], /--request-timeout must be a number of seconds > 0/],
    [['run', '--cell-timeout', 'soon'], /--cell-timeout must be a number of seconds > 0/],
    [['run', '--run-timeout', '-5'], /--run-timeout must be a number of seconds > 0/],
    [['run', '--shard', '3/2'], /--shard 3\/2: expected K\/N with 1 ≤ K ≤ N/],
  ];
  for (const [args, message] of cases) {
    const run = await runCli(args);
    t.equal(run.code, 2, `${args.join(' ')} exits 2`);
    t.match(run.stderr, message, `${args.join(' ')} says why`);
    t.notMatch(run.stderr, /^\s+at /m, 'no stack trace');
  }
  const empty = await runCli(['run', '--target', 'endpoint'], { ...process.env, CTR_HOST: '', DOCKER_HOST: '' });
  t.equal(empty.code, 2, 'endpoint without an address is a usage error');
});

t.test('rules lists the catalogue with coverage', async (t) => {
  const run = await runCli(['rules', '--json']);
  t.equal(run.code, 0);
  const rows = JSON.parse(run.stdout) as {
    id: string;
    simulator: boolean;
    assertion: boolean;
    testable: boolean;
    surface: string;
    requires: string[];
    releaseDependent: boolean;
  }[];
  t.same(
    rows.map((r) => r.id),
    RULES.map((r) => r.id),
  );
  t.same(
    rows.map((r) => [r.surface, r.requires, r.releaseDependent]),
    RULES.map((r) => [r.applies.surface, r.requires, r.releaseDependent]),
    'each rule with its surface, required capabilities and release dependence',
  );
  for (const row of rows) t.ok(row.assertion && (row.simulator || !row.testable), `${row.id} covered`);
  const text = await runCli(['rules']);
  t.match(text.stdout, /rules: \d+ with simulator behaviour and assertion/);
});

t.test('run --target sim writes valid reports, is reproducible by seed, and filters with --only', async (t) => {
  const a = join(out, 'a');
  const runA = await runCli(['run', '--target', 'sim', '--emulate', '28.5', '--seed', '5', '--num-runs', '5', '--num-starts', '1', '--out', a]);
  t.equal(runA.code, 0, runA.stdout + runA.stderr);
  for (const file of ['report.json', 'report.html', 'junit.xml']) t.ok(existsSync(join(a, file)), `${file} written`);
  t.same(validateReport(report(a)), { ok: true });
  t.equal(report(a).seed, 5);
  t.match(runA.stdout, /sim \(\d+\.\d+\.\d+\+ctrd-sim, release \d+\.\d+, API 1\.\d+–1\.\d+, observed 1\.\d+–1\.\d+ from \/version\), seed 5: \d+ pass, 0 fail/);
  t.same(report(a).target.observedApiRange, { ...report(a).target.apiRange, source: 'version' }, "the range the simulator reported is the table's");
  const judged = report(a).results.filter((r) => r.status === 'pass' || r.status === 'fail' || r.status === 'error');
  // Rules about the daemon as a process are decided by how the starts ended; their evidence is in the summary (and, on failure, the command line, file and output).
  const processRules = new Set(RULES.filter((rule) => rule.applies.surface === 'daemon-process').map((rule) => rule.id));
  t.ok(
    judged.length > 100 &&
      judged.every((r) => (r.evidence.exchanges ?? []).length > 0 || /^(refused|started) /.test(r.evidence.summary) || processRules.has(r.rule)),
    'every judged cell carries the exchanges that decided it',
  );

  // Two areas (one of requests, one of starts) are enough to show shards compose; the whole catalogue again would double the file's CPU.
  const SHARDED_AREAS = ['api-versioning', 'reload'];
  const inShardedAreas = new Set(RULES.filter((rule) => SHARDED_AREAS.includes(rule.area)).map((rule) => rule.id));
  const shards = await Promise.all(
    ['1/2', '2/2'].map(async (shard) => {
      const dir = join(out, `shard-${shard.replace('/', '-')}`);
      const run = await runCli([
        'run',
        '--target',
        'sim',
        '--emulate',
        '28.5',
        '--seed',
        '5',
        '--num-runs',
        '5',
        '--num-starts',
        '1',
        '--shard',
        shard,
        ...SHARDED_AREAS.flatMap((area) => ['--only', area]),
        '--out',
        dir,
        '-q',
      ]);
      t.equal(run.code, 0, `shard ${shard}`);
      return report(dir).results;
    }),
  );
  // Each cell is run again, in another process, beside other cells: the same seed gives the same results.
  const cellsOf = (results: ConformanceReport['results']) =>
    results.map((r) => `${r.rule}@${r.api}: ${r.status} ${JSON.stringify(r.evidence.counterexample ?? null)}`).sort();
  t.same(
    cellsOf(shards.flat()),
    cellsOf(report(a).results.filter((r) => inShardedAreas.has(r.rule))),
    'two shards make the whole run of their areas, each cell once, with the same statuses and counterexamples',
  );
  t.ok(shards.every((part) => part.length > 0));

  const only = join(out, 'only');
  const filtered = await runCli(['run', '--target', 'sim', '--only', 'api.ping', '--only', 'api.version.prefix@1.44', '--out', only]);
  t.equal(filtered.code, 0);
  t.same([...new Set(report(only).results.map((r) => `${r.rule}@${r.api}`))].sort(), ['api.ping@null', 'api.version.prefix@1.44']);
});

t.test('outputs are checked before the run: an unwritable place is a usage error, nothing runs', async (t) => {
  const file = join(out, 'a-file');
  writeFileSync(file, 'x');
  mkdirSync(join(out, 'a-dir'), { recursive: true });
  const cases: [string[], RegExp][] = [
    [['--out', join(file, 'report')], /--out \S+: cannot write a report there/],
    [['--record', join(out, 'no-such-dir', 't.json')], /--record \S+: cannot write there/],
    [['--write-baseline', join(out, 'a-dir')], /--write-baseline \S+: is a directory, not a file/],
  ];
  for (const [args, message] of cases) {
    const run = await runCli(['run', '--target', 'sim', '--out', join(out, 'unused'), ...args]);
    t.equal(run.code, 2, `${args.join(' ')} exits 2`);
    t.match(run.stderr, message);
    t.equal(run.stdout, '', 'no run happened');
  }
});

t.test('a failing cell prints a rerun line that reruns exactly it, and a curl line for its request', async (t) => {
  // Answers POST /_ping with 200: rule api.not-found fails on it.
  const socket = join(out, 'lax.sock');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const headers = {
      'Api-Version': '1.51',
      Ostype: 'linux',
      Server: 'Lax/28.5.2',
      'Docker-Experimental': 'false',
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache, no-store, must-revalidate',
      Pragma: 'no-cache',
    };
    const known = req.url === '/_ping' || req.url === '/version';
    res.writeHead(known ? 200 : 404, headers);
    res.end(
      req.method === 'HEAD'
        ? undefined
        : req.url === '/version'
          ? JSON.stringify({ Version: '28.5.2', ApiVersion: '1.51', MinAPIVersion: '1.24', Os: 'linux' })
          : known
            ? 'OK'
            : '{"message":"page not found"}',
    );
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const first = await runCli([
    'run',
    '--target',
    `endpoint:unix://${socket}`,
    '--only',
    'api.not-found',
    '--only',
    'api.ping',
    '--seed',
    '11',
    '--out',
    join(out, 'lax'),
    '-q',
  ]);
  t.equal(first.code, 1);
  const rerun = /^ {2}rerun: node dist\/cli\/ctr-conformance\.js run (.*)$/m.exec(first.stdout)?.[1];
  const curl = /^ {2}curl: (.*)$/m.exec(first.stdout)?.[1];
  t.ok(rerun !== undefined && curl !== undefined, first.stdout);
  t.match(rerun, /--profile docker --num-runs 15 --num-starts 2 --seed 11 --only api\.not-found@none --path "[\d:]+"$/);
  const args = rerun!.split(' ').map((word) => word.replace(/^"(.*)"$/, '$1'));
  const again = await runCli(['run', ...args, '--out', join(out, 'lax-again'), '-q']);
  t.equal(again.code, 1, again.stderr);
  const before = report(join(out, 'lax')).results.find((r) => r.rule === 'api.not-found')!;
  const after = report(join(out, 'lax-again')).results;
  t.same(
    after.map((r) => `${r.rule}@${r.api}: ${r.status}`),
    ['api.not-found@null: fail'],
    'only that cell, failing again',
  );
  t.same(after[0]?.evidence.counterexample?.input, before.evidence.counterexample?.input, 'with the same counterexample');
  // HEAD is curl's -I (a body is not read), the other methods -X METHOD.
  t.match(curl, new RegExp(`^curl -sS -i (-I|-X [A-Z]+) --unix-socket ${socket} 'http://localhost/\\S+'$`));
  // Asynchronously: the server answering it runs in this very process.
  const { stdout: answer } = await promisify(execFile)('sh', ['-c', curl!], { encoding: 'utf8' });
  t.match(answer, /^HTTP\/1\.1 200 OK/, 'the curl line sends the request that got the wrong answer');
  t.equal(report(join(out, 'lax')).results.find((r) => r.rule === 'api.ping')?.evidence.rerun, undefined, 'passing cells carry no rerun line');
});

t.test('--fault breaks the simulator for one rule: exactly that rule fails, and the rerun line keeps the fault', async (t) => {
  const dir = join(out, 'fault');
  const run = await runCli([
    'run',
    '--target',
    'sim',
    '--fault',
    'api.ping',
    '--only',
    'api.ping',
    '--only',
    'api.not-found',
    '--seed',
    '4',
    '--num-runs',
    '10',
    '--out',
    dir,
    '-q',
  ]);
  t.equal(run.code, 1, run.stdout + run.stderr);
  t.same(
    report(dir).results.map((r) => `${r.rule}: ${r.status}`),
    ['api.ping: fail', 'api.not-found: pass'],
  );
  t.match(run.stdout, /rerun: node dist\/cli\/ctr-conformance\.js run --target sim --fault api\.ping --profile ctr /);
});
