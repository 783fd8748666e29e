import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import type { StartRequest } from '../../suites/targets/types.js';
import { startDaemon, validateConfig } from '../helpers/observe-claims.js';
import type { Daemon, ReadingClaim } from '../helpers/reading-claims.js';

/** What one start did: it served (its /info, then stopped) or it was refused (its output). */
type Started = { readonly served: true; readonly info: Record<string, unknown>; readonly output: string } | { readonly served: false; readonly output: string };

/** Starts `daemon` with `request` (startDaemon: own directories, safety flags, stopped by PID), reads /info and stops it. */
async function startOnce(t: Test, daemon: Daemon, request: StartRequest): Promise<Started> {
  const start = await startDaemon(t, daemon, request);
  if (!start.ok) return { served: false, output: start.output };
  const { started } = start;
  try {
    const info = (await started.get('/info')).body as Record<string, unknown>;
    return { served: true, info, output: started.instance.output() };
  } finally {
    await started.instance.stop();
  }
}

/** A directory of the probe's own, removed at the test's end. */
function scratch(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-claim-cfg-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const lastLine = (output: string): string => output.trim().split('\n').slice(-1)[0] ?? '';

/** Whether a release has `--validate` (23.0 and later): 20.10 does not. */
const hasValidate = (daemon: Daemon): boolean => daemon.release !== '20.10';

/** The unknown directives a refusal lists ("… don't match any configuration option: a, b"). */
function unknownDirectives(output: string): string[] | null {
  const found = /don't match any configuration option: ([^\n"]*)/.exec(output);
  return found === null
    ? null
    : found[1]!
        .split(',')
        .map((s) => s.trim().replace(/\\+$/, ''))
        .filter((s) => s !== '');
}

/** What the daemon-config area's readings say the releases do, and how each is observed. */
export const CLAIMS: readonly ReadingClaim[] = [
  {
    rule: 'config.cli.repeatable',
    reading: 'reading',
    words:
      '20.10.24, 26.1.5, 28.5.2 and 29.7.2 list the labels of the flags in their order, rotated to start at a label that varies from start to start, observed',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const labels = ['zeta=1', 'alpha=2', 'mid=3', 'bravo=4', 'yank=5', 'kilo=6', 'echo=7', 'delta=8'];
        const start = await startDaemon(t, daemon, { args: labels.map((l) => `--label=${l}`) });
        if (!start.ok) return void t.fail(`the daemon did not start: ${start.output}`);
        const info = (await start.started.get('/info')).body as { Labels?: string[] };
        const listed = info.Labels ?? [];
        const first = labels.indexOf(listed[0] ?? '');
        t.same(listed, [...labels.slice(first), ...labels.slice(0, first)], `GET /info Labels are the flags' order, rotated: ${JSON.stringify(listed)}`);
      },
    },
  },
  {
    rule: 'config.cli.options.release',
    reading: 'reading',
    words: 'What the releases do: an option is checked where the release has it (its flag list as observed, or the `since`/`until` of specs/options.ts).',
    observed: { kind: 'verdict', on: ['20.10', '26.1', '28.5', '29.7'], status: 'pass' },
  },
  {
    rule: 'config.values.enum',
    reading: 'reading',
    words:
      "the log levels `trace` and `panic` (which 20.10.24, 26.1.5 and 28.5.2 take: their logging library's) and `warning` (which 20.10.24 takes and 26.1.5 and 28.5.2 refuse) included",
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        // By flag: 20.10 has no --validate, and a real start of every release reads the flag alike.
        const level = async (value: string) => {
          const started = await startOnce(t, daemon, { args: [`--log-level=${value}`] });
          return { taken: started.served, output: started.served ? 'served' : lastLine(started.output) };
        };
        for (const value of ['trace', 'panic']) t.ok((await level(value)).taken, `--log-level=${value} is taken`);
        const warning = await level('warning');
        if (daemon.release === '20.10') t.ok(warning.taken, `20.10 takes warning: ${warning.output}`);
        else t.match(warning.output, /invalid logging level: warning/, `${daemon.release} refuses warning: ${warning.output}`);
        const bogus = await level('ctcbogus');
        t.notOk(bogus.taken, `a word that names no level is refused (the probe can tell): ${bogus.output}`);
      },
    },
  },
  {
    rule: 'config.values.numbers',
    reading: 'reading',
    words: 'the real daemons refuse negative concurrency and attempt counts and a non-integer anywhere',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const refused = async (what: string, request: StartRequest) => {
          const started = await startOnce(t, daemon, request);
          t.notOk(started.served, `${what} is refused: ${started.served ? 'served' : lastLine(started.output)}`);
        };
        for (const name of ['max-concurrent-downloads', 'max-concurrent-uploads', 'max-download-attempts']) {
          await refused(`--${name}=-1`, { args: [`--${name}=-1`] });
          await refused(`{"${name}":-1}`, { config: { [name]: -1 } });
          await refused(`--${name}=1.5`, { args: [`--${name}=1.5`] });
          await refused(`{"${name}":1.5}`, { config: { [name]: 1.5 } });
        }
        await refused('--shutdown-timeout=1.5', { args: ['--shutdown-timeout=1.5'] });
        await refused('{"shutdown-timeout":1.5}', { config: { 'shutdown-timeout': 1.5 } });
        await refused('--mtu=1.5', { args: ['--mtu=1.5'] });
        await refused('{"mtu":1.5}', { config: { mtu: 1.5 } });
        const control = await startOnce(t, daemon, { config: { 'max-concurrent-downloads': 2, 'shutdown-timeout': 2 } });
        t.ok(control.served, 'integers of the same keys are taken (the probe can tell)');
      },
    },
  },
  {
    rule: 'config.file.json',
    reading: 'reading',
    words: 'The JSON value `null` is JSON and holds no keys: it configures nothing (20.10.24, 26.1.5 and 28.5.2 read it so).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        const started = await startOnce(t, daemon, { config: 'null' });
        if (!started.served) return void t.fail(`a file holding null is refused: ${lastLine(started.output)}`);
        t.same(started.info['Labels'] ?? [], [], 'no labels');
        t.equal(started.info['Debug'], false, 'Debug is its default');
        t.equal(started.info['LiveRestoreEnabled'], false, 'LiveRestoreEnabled is its default');
        t.equal(started.info['DefaultRuntime'], 'runc', 'DefaultRuntime is its default');
      },
    },
  },
  {
    rule: 'config.file.keys.release',
    reading: 'reading',
    words: 'What the releases do: a key is checked where the release has it (observed on 20.10, 26.1, 28.5; the `since` of specs/options.ts otherwise).',
    observed: { kind: 'verdict', on: ['20.10', '26.1', '28.5', '29.7'], status: 'pass' },
  },
  {
    rule: 'config.file.unknown-key',
    reading: 'reading',
    words:
      'At start as with `--validate`: the daemon does not start, and the message names each unknown key (in any order: the real daemons list them in Go map order).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const unknown = ['ctcka', 'ctckb', 'ctckc', 'ctckd', 'ctcke', 'ctckf'];
        const config = { labels: ['a=1'], ...Object.fromEntries(unknown.map((k) => [k, 1])) };
        const orders = new Set<string>();
        // Go map order: the order varies from run to run; up to 12 runs (each a refusal, quick) until two orders are seen.
        for (let run = 0; run < 12 && orders.size < 2; run++) {
          const started = await startOnce(t, daemon, { config });
          if (started.served) return void t.fail('a file with unknown keys started the daemon');
          const listed = unknownDirectives(started.output);
          if (listed === null) return void t.fail(`the refusal lists no unknown directives: ${lastLine(started.output)}`);
          t.same([...listed].sort(), unknown, `the start is refused naming exactly the unknown keys: ${listed.join(', ')}`);
          orders.add(listed.join(','));
          if (hasValidate(daemon) && run === 0) {
            const validated = validateConfig(daemon, config);
            t.notOk(validated.taken, '--validate refuses it too');
            t.same([...(unknownDirectives(validated.output) ?? [])].sort(), unknown, `--validate names the same keys: ${lastLine(validated.output)}`);
          }
        }
        t.ok(orders.size >= 2, `the order varies from start to start (Go map order): ${[...orders].join(' | ')}`);
      },
    },
  },
  {
    rule: 'config.file.unknown-key',
    reading: 'reading',
    words:
      'Keys inside `proxies` count as keys of the file (the real daemons flatten that object); keys inside `builder`, `features`, `log-opts`, `runtimes` and `default-ulimits` do not, nor do those inside `default-network-opts` on 26.1.5, 28.5.2 and 29.7.2 (20.10.24, which has no such key, flattens that object too and names the driver names inside it, observed).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        // Each nested object beside one unknown top-level key: the refusal lists the keys the daemon reads as the file's.
        const nested: Record<string, Record<string, unknown>> = {
          proxies: { ctcinproxies: 'x' },
          builder: { ctcinbuilder: 1 },
          features: { ctcinfeatures: true },
          'log-opts': { ctcinlogopts: 'x' },
          runtimes: { ctcinruntimes: { path: '/usr/bin/runc' } },
          'default-ulimits': { ctcinulimits: { Name: 'ctcinulimits', Hard: 2, Soft: 1 } },
          'default-network-opts': { ctcinnetopts: { 'com.example.ctc': 'a' } },
        };
        const listedOf = async (key: string) => {
          const config = { ctctop: 1, [key]: nested[key] };
          const started = await startOnce(t, daemon, { config });
          return started.served ? null : unknownDirectives(started.output);
        };
        for (const key of Object.keys(nested)) {
          const listed = await listedOf(key);
          if (listed === null) {
            t.fail(`${key}: the file with an unknown top-level key was not refused as unknown directives`);
            continue;
          }
          t.ok(listed.includes('ctctop'), `${key}: the top-level unknown key is named (${listed.join(', ')})`);
          const inner = Object.keys(nested[key]!)[0]!;
          if (key === 'proxies') t.ok(listed.includes(inner), `keys inside proxies count as keys of the file: ${listed.join(', ')}`);
          else if (key === 'default-network-opts' && daemon.release === '20.10')
            t.ok(listed.includes(inner), `20.10 flattens default-network-opts and names the driver name inside it: ${listed.join(', ')}`);
          else t.notOk(listed.includes(inner), `keys inside ${key} do not: ${listed.join(', ')}`);
        }
      },
    },
  },
  {
    rule: 'config.file.plural-keys',
    reading: 'reading',
    words:
      'The singular (the flag\'s own name) is not refused by 20.10.24, 26.1.5 or 28.5.2 — the unknown-directive check looks up flag names — but it sets nothing (observed: {"label":["a=b"]} leaves /info Labels empty).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        const started = await startOnce(t, daemon, { config: { label: ['a=b'] } });
        if (!started.served) return void t.fail(`{"label":["a=b"]} is refused: ${lastLine(started.output)}`);
        t.same(started.info['Labels'] ?? [], [], '/info Labels is empty');
      },
    },
  },
  {
    rule: 'config.file.empty',
    reading: 'reading',
    words: '20.10 fails to start on a blank file, 23.0 and later take it as no options.',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        for (const [what, text] of [
          ['an empty file', ''],
          ['a blank file', ' \n\t\n'],
        ] as const) {
          const started = await startOnce(t, daemon, { config: text });
          if (daemon.release === '20.10') t.notOk(started.served, `20.10 refuses ${what}: ${started.served ? 'served' : lastLine(started.output)}`);
          else if (!started.served) t.fail(`${daemon.release} refuses ${what}: ${lastLine(started.output)}`);
          else {
            t.same(started.info['Labels'] ?? [], [], `${daemon.release} takes ${what}: no labels`);
            t.equal(started.info['Debug'], false, `${daemon.release} takes ${what} as no options: Debug false`);
          }
        }
      },
    },
  },
  {
    rule: 'config.file.unreadable',
    reading: 'reading',
    words:
      'Bad input of the file itself: missing, a directory, JSON nested more than 10 000 deep, and from 23.0 invalid UTF-8 inside a string (20.10.24 takes that, observed).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const dir = scratch(t);
        const missing = join(dir, 'missing.json');
        const directory = join(dir, 'a-directory.json');
        mkdirSync(directory);
        const refusedNaming = async (what: string, request: StartRequest, path?: string) => {
          const started = await startOnce(t, daemon, request);
          if (started.served) return void t.fail(`${what} is taken`);
          t.pass(`${what} is refused: ${lastLine(started.output)}`);
          if (path !== undefined) t.ok(started.output.includes(path), `the refusal of ${what} names the file`);
          else t.match(started.output, /daemon\.json/, `the refusal of ${what} names the file`);
        };
        await refusedNaming('a missing file', { args: ['--config-file', missing] }, missing);
        await refusedNaming('a directory', { args: ['--config-file', directory] }, directory);
        await refusedNaming('JSON nested 10 001 deep', { config: `{"labels":${'['.repeat(10_001)}${']'.repeat(10_001)}}` });
        // Raw bytes (0xff 0xfe inside a string): written by the probe, the suite's configuration text being a JS string.
        const raw = join(dir, 'invalid-utf8.json');
        writeFileSync(raw, Buffer.concat([Buffer.from('{"labels":["ctc='), Buffer.from([0xff, 0xfe]), Buffer.from('"]}')]));
        const started = await startOnce(t, daemon, { args: ['--config-file', raw] });
        if (daemon.release === '20.10')
          t.ok(started.served, `20.10 takes invalid UTF-8 inside a string: ${started.served ? 'served' : lastLine(started.output)}`);
        else if (started.served) t.fail(`${daemon.release} takes invalid UTF-8 inside a string`);
        else {
          t.pass(`${daemon.release} refuses invalid UTF-8 inside a string: ${lastLine(started.output)}`);
          t.ok(started.output.includes(raw), 'naming the file');
        }
      },
    },
  },
  {
    rule: 'config.file.validate-absent',
    reading: 'reading',
    words:
      "What releases before 23.0 do (config.file.validate, the document's rule, fails there): the flag is an unknown option, the daemon exits ≠ 0 naming it and nothing serves.",
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        if (daemon.release === '20.10') {
          // A start with --validate among the safety flags: its own directories whatever it does.
          const start = await startDaemon(t, daemon, { args: ['--validate'] });
          if (start.ok) return void t.fail('20.10 served with --validate');
          t.not(start.exitCode, 0, `20.10 exits ≠ 0: ${start.exitCode}`);
          t.match(start.output, /unknown flag: --validate/, `naming the flag: ${lastLine(start.output)}`);
        } else {
          const validated = validateConfig(daemon, {});
          t.ok(validated.taken, `${daemon.release} (23.0 and later) answers --validate: ${lastLine(validated.output)}`);
        }
      },
    },
  },
  {
    rule: 'config.runtimes.register',
    reading: 'reading',
    words:
      'A shim entry is listed by name only: 26.1.5 and 28.5.2 show it as {} (observed), and 20.10.24 has no shim entries (it ignores runtimeType and lists the name with an empty path, {"path":""}, observed).',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        const started = await startOnce(t, daemon, { config: { runtimes: { ctcshim: { runtimeType: 'io.containerd.ctcshim.v2' } } } });
        if (!started.served) return void t.fail(`a shim entry is refused: ${lastLine(started.output)}`);
        const runtimes = (started.info['Runtimes'] ?? {}) as Record<string, unknown>;
        t.ok('ctcshim' in runtimes, `the name is listed: ${JSON.stringify(runtimes)}`);
        if (daemon.release === '20.10')
          t.same(runtimes['ctcshim'], { path: '' }, `20.10 ignores runtimeType and lists an empty path: ${JSON.stringify(runtimes['ctcshim'])}`);
        else t.same(runtimes['ctcshim'], {}, `${daemon.release} shows it as {}`);
      },
    },
  },
  {
    rule: 'config.runtimes.default',
    reading: 'reading',
    words:
      'a shim\'s fully qualified name that is not registered must start too (26.1.5 and 28.5.2 do; 20.10.24 refuses it as a runtime that "does not exist", observed, and fails the rule)',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        const started = await startOnce(t, daemon, { config: { 'default-runtime': 'io.containerd.ctcshim.v2' } });
        if (daemon.release === '20.10') {
          t.notOk(started.served, '20.10 refuses it');
          t.match(
            started.output,
            /specified default runtime 'io\.containerd\.ctcshim\.v2' does not exist/,
            `as a runtime that does not exist: ${lastLine(started.output)}`,
          );
        } else {
          if (!started.served) return void t.fail(`${daemon.release} refuses it: ${lastLine(started.output)}`);
          t.equal(started.info['DefaultRuntime'], 'io.containerd.ctcshim.v2', `${daemon.release} starts with it as DefaultRuntime`);
        }
      },
    },
  },
  {
    rule: 'config.runtimes.default',
    reading: 'reading',
    words:
      'a shim\'s fully qualified name that is not registered must start too (26.1.5 and 28.5.2 do; 20.10.24 refuses it as a runtime that "does not exist", observed, and fails the rule)',
    observed: { kind: 'known-deviation', quirk: 'observed.config.runtimes.default' },
  },
  {
    rule: 'config.ulimits.default',
    reading: 'reading',
    words:
      'The file form is taken as written: none of 20.10.24, 26.1.5, 28.5.2 checks its names or limits at start (observed), so the check asks only that a well-formed entry starts.',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: async (t, daemon) => {
        const config = {
          'default-ulimits': {
            ctcbogus: { Name: 'ctcbogus', Hard: 1, Soft: 2 },
            nofile: { Name: 'nofile', Hard: 10, Soft: 20 },
          },
        };
        const started = await startOnce(t, daemon, { config });
        t.ok(started.served, `an unknown limit name and soft above hard are taken at start: ${started.served ? 'served' : lastLine(started.output)}`);
        const flag = await startOnce(t, daemon, { args: ['--default-ulimit=ctcbogus=1:2'] });
        t.notOk(flag.served, `the flag form is checked (the probe can tell): ${flag.served ? 'served' : lastLine(flag.output)}`);
      },
    },
  },
  {
    rule: 'config.env.proxy',
    reading: 'reading',
    words: '20.10.24, 26.1.5, 28.5.2 and 29.7.2 mask the user name too (http://user:pass@host:port is shown as http://xxxxx:xxxxx@host:port, observed)',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const env = {
          HTTP_PROXY: 'http://ctcuser:ctcsecret@127.0.0.1:3128',
          HTTPS_PROXY: 'http://ctcother:ctcpass@127.0.0.2:3129',
          NO_PROXY: 'localhost,127.0.0.0/8,.ctc.internal',
        };
        const started = await startOnce(t, daemon, { env });
        if (!started.served) return void t.fail(`the daemon did not start: ${lastLine(started.output)}`);
        const { info } = started;
        t.equal(info['HttpProxy'], 'http://xxxxx:xxxxx@127.0.0.1:3128', `HttpProxy, user and password masked: ${String(info['HttpProxy'])}`);
        t.equal(info['HttpsProxy'], 'http://xxxxx:xxxxx@127.0.0.2:3129', `HttpsProxy, user and password masked: ${String(info['HttpsProxy'])}`);
        t.equal(info['NoProxy'], env.NO_PROXY, 'NoProxy as given');
      },
    },
  },
];
