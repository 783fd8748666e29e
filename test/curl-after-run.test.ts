import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { curlCommand } from '../reports/renderers/curl.js';
import type { ConformanceReport, HttpExchange, RuleResult } from '../reports/model/result.js';
import { RULES } from '../specs/index.js';
import { curlAfterRun, SIM_COMMAND, type CurlContext } from '../suites/run/index.js';
import { runCli } from './helpers/cli.js';

/**
 * A curl line names the address its request went to; after the run, a temporary socket is gone
 * and a replay's address was never a daemon. The report says so and gives commands that send the
 * request again: properties over targets, addresses and rules, then the commands of two real runs
 * (the simulator with a fault, the 28.5 recording) started and sent, answering as the run saw.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEPT = ['endpoint:unix:///var/run/docker.sock', 'endpoint:tcp://127.0.0.1:2375', 'openai:http://127.0.0.1:12434/engines/v1'];
const GONE = ['sim', 'sim-process', 'container:unix:///run/engine.sock', 'daemon:/usr/sbin/dockerd', 'podman@5.4', 'llama-server', 'replay:/tmp/x/t.json.gz'];

const endpointArb = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9]{6}$/).map((dir) => `unix:///tmp/ctc-${dir}/d.sock`),
  fc.stringMatching(/^[a-zA-Z0-9]{6}$/).map((dir) => `unix:///dev/shm/ctc-${dir}/d.sock (base /exp/vDD4.40)`),
  fc.integer({ min: 1024, max: 65535 }).map((port) => `tcp://127.0.0.1:${port}`),
  fc.integer({ min: 1024, max: 65535 }).map((port) => `https://127.0.0.1:${port}`),
  fc.integer({ min: 1024, max: 65535 }).map((port) => `http://127.0.0.1:${port}/engines/v1`),
  fc.constant('tcp://ctrd:80'),
);
const exchangeArb: fc.Arbitrary<HttpExchange> = fc.record(
  {
    request: fc.tuple(fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'), fc.stringMatching(/^\/v1\.[0-9]{2}\/[a-z_/?=&]{1,20}$/)).map(([m, p]) => `${m} ${p}`),
    endpoint: endpointArb,
    requestBody: fc.constantFrom('{"a":1}', "it's", '(12 bytes of binary data)'),
    status: fc.constant(400),
  },
  { requiredKeys: ['request', 'endpoint'] },
);
const caseArb = fc.record({
  spec: fc.constantFrom(...KEPT, ...GONE),
  profile: fc.constantFrom('ctr' as const, 'docker' as const),
  release: fc.constantFrom('20.10', '28.5', '29.7', null),
  exchange: exchangeArb,
  rule: fc.constantFrom(...RULES),
  knownDeviation: fc.boolean(),
  recordedTo: fc.option(fc.constant('/tmp/run/t.json.gz'), { nil: undefined }),
  simFlags: fc.subarray(['--emulate', '26.1', '--fault', 'api.version.too-old', '--as-observed', '--allow-remote']),
  withCurl: fc.boolean(),
});

/** Where a curl line sends its request, and how: the URL's path (without a host), and the flags before the address. */
function parts(curl: string): { path: string; how: string } {
  const url = /'(https?:\/\/[^/']+)([^']*)'$/.exec(curl);
  if (url === null) throw new Error(`no URL at the end of ${curl}`);
  const how = curl
    .slice(0, url.index)
    .replace(/--unix-socket \S+ /, '')
    .trim();
  return { path: url[2]!, how };
}
/** The base a unix endpoint served under (the simulator's socket answers under the same one). */
const baseOf = (endpoint: string): string => /\(base (\S+)\)$/.exec(endpoint)?.[1] ?? '';

t.test('a curl line whose address is gone says so, and its commands send the same request to a server that stays', async (t) => {
  let commands = 0;
  fc.assert(
    fc.property(caseArb, (c) => {
      const curl = curlCommand(c.exchange);
      const evidence = {
        summary: 's',
        exchanges: [c.exchange],
        rerun: `node dist/cli/ctr-conformance.js run --target ${c.spec} --only x`,
        ...(c.withCurl && curl !== undefined ? { curl } : {}),
      };
      const result: Pick<RuleResult, 'evidence' | 'knownDeviation'> = { evidence, ...(c.knownDeviation ? { knownDeviation: true as const } : {}) };
      const context: CurlContext = {
        targetArgs: ['--target', c.spec, ...c.simFlags],
        ...(c.recordedTo === undefined ? {} : { recordedTo: c.recordedTo }),
        simDir: '/tmp/sim-dir',
      };
      const after = curlAfterRun({ spec: c.spec, profile: c.profile, release: c.release }, result, c.rule, context);
      if (evidence.curl === undefined || KEPT.includes(c.spec)) {
        if (after !== undefined) throw new Error(`a note for ${c.spec} without a gone address: ${after.note}`);
        return;
      }
      if (after === undefined) throw new Error(`no note for ${c.spec} at ${c.exchange.endpoint}`);
      const socket = /^unix:\/\/(\S+)/.exec(c.exchange.endpoint!)?.[1];
      if (c.spec.startsWith('replay:')) {
        if (!after.note.includes(`no daemon listens at ${c.exchange.endpoint}`) || !after.note.includes('/tmp/x/t.json.gz')) throw new Error(after.note);
      } else if (
        !after.note.includes(socket === undefined ? `the address ${c.exchange.endpoint}` : `the socket ${socket}`) ||
        !after.note.includes('temporary')
      )
        throw new Error(`the note does not name the temporary address: ${after.note}`);
      const ownStart = c.rule.requires.includes('start');
      const rewritable = !/^https:|^http:\/\/[^/]+\/\S/.test(c.exchange.endpoint!);
      // Every simulator the commands start listens on the socket the next curl line sends to, and that line sends the same request.
      after.commands.forEach((command, i) => {
        if (!command.startsWith(SIM_COMMAND)) return;
        commands++;
        if (!command.includes(`-H unix:///tmp/sim-dir/d.sock`) || !command.includes(`--brand ${c.profile}`)) throw new Error(command);
        const next = after.commands[i + 1] ?? '';
        if (!next.startsWith('curl -sS -i ') || !next.includes(`--unix-socket /tmp/sim-dir/d.sock`)) throw new Error(`after ${command}: ${next}`);
        const sent = parts(next);
        const original = parts(evidence.curl!);
        if (sent.how !== original.how) throw new Error(`${sent.how} instead of ${original.how}`);
        const requestPath = c.exchange.request.slice(c.exchange.request.indexOf(' ') + 1);
        if (sent.path !== `${baseOf(c.exchange.endpoint!)}${requestPath}`) throw new Error(`${sent.path} instead of ${original.path}`);
        if (ownStart) throw new Error('a cell that starts its own daemons cannot be answered by a simulator started with the run’s flags');
        if (!rewritable) throw new Error(`a simulator socket for ${c.exchange.endpoint}`);
      });
      const simulator = after.commands.find((command) => command.startsWith(SIM_COMMAND));
      const isSim = c.spec === 'sim' || c.spec === 'sim-process' || c.spec.startsWith('container:');
      if (isSim) {
        const expected = !ownStart && (socket !== undefined || /^tcp:\/\/[^/]+$/.test(c.exchange.endpoint!));
        if ((simulator !== undefined) !== expected) throw new Error(`simulator command ${simulator !== undefined}, expected ${expected}`);
        if (simulator !== undefined) {
          const flags = c.simFlags.filter((f) => f !== '--allow-remote');
          if (!simulator.endsWith(flags.length === 0 ? `--brand ${c.profile}` : ` ${flags.join(' ')}`)) throw new Error(`the run's flags: ${simulator}`);
        }
      } else if (simulator !== undefined) {
        // Outside the simulator, only a known deviation of a release is answered by ctrd-sim as observed.
        if (!c.knownDeviation || c.release === null || !simulator.includes(`--emulate ${c.release} --as-observed`)) throw new Error(simulator);
      } else if ((c.spec.startsWith('replay:') || c.spec.startsWith('daemon:')) && c.knownDeviation && c.release !== null && !ownStart && rewritable)
        throw new Error(`no ctrd-sim --as-observed for a known deviation of ${c.release}`);
      const replay = after.commands.find((command) => command.includes('--target replay:/tmp/run/t.json.gz'));
      const replayable = c.rule.requires.length === 0 && c.rule.applies.surface === 'daemon-api';
      if ((replay !== undefined) !== ((c.spec.startsWith('daemon:') || c.spec.startsWith('podman')) && c.recordedTo !== undefined && replayable))
        throw new Error(`replay command ${replay} for ${c.spec}, recorded ${c.recordedTo}, replayable ${replayable}`);
    }),
    { numRuns: 1000 },
  );
  t.ok(commands > 20, `${commands} simulator commands checked`);
});

// ---- the commands of real runs, started and sent ----------------------------------------------------------------

const hasCurl = spawnSync('curl', ['--version']).status === 0;
const run = (command: string, ms: number): Promise<{ code: number | null; stdout: string }> =>
  new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd: ROOT, timeout: ms, encoding: 'utf8' }, (error, stdout) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout }),
    );
  });

/** Starts the first command (a ctrd-sim) in `dir`, then sends the second: the status line and body it got. */
async function sendAgain(t: Test, commands: readonly string[], dir: string): Promise<{ status: string; body: string }> {
  const [start, curl] = commands.map((command) => command.replaceAll('/tmp/ctrd-sim', dir));
  t.ok(start?.startsWith(SIM_COMMAND), `starts ctrd-sim: ${start}`);
  const sim = spawn('sh', ['-c', `exec ${start}`], { cwd: ROOT, stdio: 'ignore' });
  t.teardown(() => {
    sim.kill('SIGKILL');
  });
  const deadline = Date.now() + 30_000;
  while (!existsSync(join(dir, 'd.sock'))) {
    if (Date.now() > deadline || sim.exitCode !== null) throw new Error(`ctrd-sim did not listen on ${dir}/d.sock`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sent = await run(curl!, 20_000);
  sim.kill('SIGTERM');
  t.equal(sent.code, 0, `curl: ${curl}`);
  const [head = '', ...rest] = sent.stdout.split('\r\n\r\n');
  return { status: head.split('\r\n')[0] ?? '', body: rest.join('\r\n\r\n') };
}

t.test('the simulator: the commands of a failing cell answer as the run’s simulator did', { skip: hasCurl ? false : 'no curl here' }, async (t) => {
  const out = mkdtempSync('/tmp/ctc-curl-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const cli = await runCli([
    'run',
    '--target',
    'sim',
    '--fault',
    'api.version.too-old.wording',
    '--only',
    'api.version.too-old.wording@1.20',
    '--out',
    join(out, 'r'),
    '-q',
  ]);
  t.equal(cli.code, 1);
  const report = JSON.parse(readFileSync(join(out, 'r', 'report.json'), 'utf8')) as ConformanceReport;
  const cell = report.results[0]!;
  const socket = /^unix:\/\/(\S+)/.exec(cell.evidence.exchanges!.at(-1)!.endpoint!)![1]!;
  t.notOk(existsSync(socket), `the run's socket ${socket} is gone`);
  t.match(cell.evidence.curlAfterRun?.note, `the socket ${socket} was temporary`);
  t.match(cli.stdout, `  after the run: the socket ${socket} was temporary`);
  t.match(cell.evidence.curlAfterRun?.commands[0], '--fault api.version.too-old.wording');
  const got = await sendAgain(t, cell.evidence.curlAfterRun!.commands, join(out, 'sim'));
  const recorded = cell.evidence.exchanges!.at(-1)!;
  t.match(got.status, ` ${recorded.status} `);
  t.equal(got.body, recorded.body, 'the same answer: the fault makes it fail again');
});

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/transcripts/dockerd-28.5.json.gz', import.meta.url));

t.test(
  'a replay of 28.5: a known deviation’s commands start ctrd-sim as observed, which answers as the recording',
  { skip: hasCurl ? false : 'no curl here' },
  async (t) => {
    const out = mkdtempSync('/tmp/ctc-curl-');
    t.teardown(() => rmSync(out, { recursive: true, force: true }));
    const cli = await runCli(['run', '--target', `replay:${FIXTURE}`, '--only', 'api.version.too-old.wording@1.20', '--out', join(out, 'r'), '-q']);
    t.equal(cli.code, 1);
    const report = JSON.parse(readFileSync(join(out, 'r', 'report.json'), 'utf8')) as ConformanceReport;
    const cell = report.results[0]!;
    t.equal(cell.knownDeviation, true);
    t.match(cell.evidence.curlAfterRun?.note, `no daemon listens at tcp://ctrd:80: the answer was played back from the transcript ${FIXTURE}`);
    t.match(cell.evidence.curlAfterRun?.commands[0], '--brand docker --emulate 28.5 --as-observed');
    const got = await sendAgain(t, cell.evidence.curlAfterRun!.commands, join(out, 'sim'));
    const recorded = cell.evidence.exchanges!.at(-1)!;
    t.match(got.status, ` ${recorded.status} `);
    t.equal(got.body, recorded.body, 'ctrd-sim as observed says what 28.5 said');
  },
);
