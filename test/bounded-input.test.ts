import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import { inflateBounded, type InputError, inputLimits, InvalidLimitError, readInputFile, readInputFileSync, terminalSafe } from '../common/index.js';
import { readTranscript, TRANSCRIPT_FORMAT } from '../suites/targets/transcript.js';
import { TargetError } from '../suites/targets/target.js';
import { cliWithin } from './helpers/cli.js';

/**
 * Issue 41: every file from outside is read within a limit (common/limits.ts), and nothing but a
 * regular file is read: a FIFO, a device, a directory, a sparse giant, a gzip bomb are refused at
 * once with one line, never read until memory runs out or waited on for ever.
 */
const dir = mkdtempSync('/tmp/ctc-bounded-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

const small = inputLimits({ CTR_CONFORMANCE_MAX_FILE_MB: '1', CTR_CONFORMANCE_MAX_INFLATED_MB: '1' });
const fifo = join(dir, 'fifo');
execFileSync('mkfifo', [fifo]);
const sparse = join(dir, 'sparse.json');
writeFileSync(sparse, '');
truncateSync(sparse, 3 * 1024 * 1024 * 1024);
const subdir = join(dir, 'a-directory');
mkdirSync(subdir);
const regular = join(dir, 'regular.json');
writeFileSync(regular, '{"ok":true}');
const link = join(dir, 'link.json');
symlinkSync(regular, link);
const bomb = join(dir, 'bomb.json.gz');
// 8 MiB of zeros in some 8 KiB: past the 1 MiB inflated limit of `small`.
writeFileSync(bomb, gzipSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 }));

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as InputError).code;
  }
};

t.test('the limits come from one place, with defaults, raised by environment variables; a bad value is refused', async (t) => {
  const defaults = inputLimits({});
  t.equal(defaults.fileBytes, 128 * 1024 * 1024);
  t.equal(defaults.inflatedBytes, 256 * 1024 * 1024);
  t.equal(defaults.bundleEntries, 1000);
  t.equal(defaults.replayRuns, 10_000);
  t.equal(inputLimits({ CTR_CONFORMANCE_MAX_FILE_MB: '1024' }).fileBytes, 1024 * 1024 * 1024);
  for (const bad of ['0', '-1', '1.5', 'lots', '1e9', ' 2'])
    t.throws(() => inputLimits({ CTR_CONFORMANCE_MAX_REPLAY_RUNS: bad }), InvalidLimitError, `CTR_CONFORMANCE_MAX_REPLAY_RUNS=${bad}`);
});

t.test('only a regular file within the limit is read; each other kind is refused by its code, at once', async (t) => {
  t.same(readInputFileSync(regular, small).toString(), '{"ok":true}');
  t.same((await readInputFile(regular, small)).toString(), '{"ok":true}');
  const cases: [string, string, string][] = [
    [fifo, 'INPUT_NOT_REGULAR', 'a FIFO'],
    ['/dev/zero', 'INPUT_NOT_REGULAR', 'a character device'],
    ['/dev/urandom', 'INPUT_NOT_REGULAR', 'a character device'],
    [subdir, 'INPUT_NOT_REGULAR', 'a directory'],
    [sparse, 'INPUT_TOO_LARGE', '3221225472 bytes'],
    [join(dir, 'missing'), 'INPUT_UNREADABLE', 'ENOENT'],
  ];
  for (const [path, code, words] of cases) {
    const sync = (() => {
      try {
        readInputFileSync(path, small);
      } catch (error) {
        return error as InputError;
      }
    })();
    t.equal(sync?.code, code, `${path} (sync)`);
    t.match(sync?.message, words);
    t.notMatch(sync?.message, /\n/);
    const async = await readInputFile(path, small).then(
      () => undefined,
      (error: InputError) => error,
    );
    t.equal(async?.code, code, `${path} (async)`);
  }
  t.equal(
    codeOf(() => readInputFileSync(link, small, { noFollow: true })),
    'INPUT_LINK',
  );
  t.same(readInputFileSync(link, small).toString(), '{"ok":true}', 'a link is followed unless noFollow says not to');
});

t.test('a gzip bomb stops at the inflated limit; what is not gzip is said so', async (t) => {
  t.equal(
    codeOf(() => inflateBounded(readInputFileSync(bomb, small), small)),
    'INPUT_INFLATED_TOO_LARGE',
  );
  t.equal(inflateBounded(gzipSync('hello'), small).toString(), 'hello');
  t.equal(
    codeOf(() => inflateBounded(Buffer.from('plain'), small)),
    'INPUT_NOT_GZIP',
  );
});

t.test('readTranscript refuses each hostile file with TARGET_TRANSCRIPT and one line', async (t) => {
  const transcript = join(dir, 'ok.json');
  writeFileSync(transcript, JSON.stringify({ format: TRANSCRIPT_FORMAT, recordedFrom: 'x', profile: 'ctr', seed: 1, numRuns: 1, exchanges: [] }));
  t.equal(readTranscript(transcript, small).seed, 1);
  for (const path of [fifo, '/dev/zero', subdir, sparse, bomb]) {
    t.throws(() => readTranscript(path, small), new TargetError('TARGET_TRANSCRIPT', ''), path);
    try {
      readTranscript(path, small);
    } catch (error) {
      t.match((error as Error).message, `cannot read transcript ${path}: `);
      t.notMatch((error as Error).message, /\n/);
    }
  }
});

t.test('run --target replay: on a device, a FIFO, a directory or a sparse giant ends at once with exit code 2 and one line', async (t) => {
  for (const path of ['/dev/zero', fifo, subdir, sparse]) {
    const { code, stderr, ms } = await cliWithin(t, ['run', '--target', `replay:${path}`, '--out', join(dir, 'never'), '-q'], 30_000);
    t.equal(code, 2, `replay:${path} (${stderr.trim()})`);
    t.match(stderr, new RegExp(`^ctr-conformance: cannot read transcript ${path}: .+\\n$`));
    t.ok(ms < 30_000, `ended by itself (${ms} ms)`);
  }
  const { code, stderr } = await cliWithin(t, ['run', '--target', `replay:${bomb}`, '--out', join(dir, 'never'), '-q'], 30_000, {
    ...process.env,
    CTR_CONFORMANCE_MAX_INFLATED_MB: '1',
  });
  t.equal(code, 2);
  t.match(stderr, /inflates to more than 1048576 bytes.*CTR_CONFORMANCE_MAX_INFLATED_MB/);
});

t.test('terminalSafe leaves no control character, keeps every other one, and changes nothing of plain text', async (t) => {
  t.equal(terminalSafe('a\x1b]0;owned\x07b\r\nc\td\x9b'), 'a\\x1b]0;owned\\x07b\\r\\nc\\td\\x9b');
  t.equal(terminalSafe('report\u202Egnp.exe'), 'report\\u{202e}gnp.exe');
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      const safe = terminalSafe(text);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what must be gone
      return !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(safe);
    }),
  );
  fc.assert(fc.property(fc.stringMatching(/^[ -~]*$/), (text) => terminalSafe(text) === text));
});

t.test('--baseline, merge, compare and --public-key refuse a FIFO, a device or a sparse giant at once: exit 2, one line', async (t) => {
  const never = join(dir, 'never');
  const cases: [string[], RegExp][] = [
    [
      ['run', '--target', 'sim', '--only', 'api.ping', '--baseline', fifo, '--out', never, '-q'],
      /^ctr-conformance: cannot read --baseline \S+: a FIFO, not a regular file: not read\n$/,
    ],
    [
      ['run', '--target', 'sim', '--only', 'api.ping', '--baseline', sparse, '--out', never, '-q'],
      /^ctr-conformance: cannot read --baseline \S+: 3221225472 bytes, over the limit/,
    ],
    [['merge', fifo, '--out', never], /^ctr-conformance: cannot read the report \S+: a FIFO, not a regular file: not read\n$/],
    [
      ['compare', '/dev/zero', sparse, '--out', never],
      /^ctr-conformance: cannot read the report \/dev\/zero: a character device, not a regular file: not read\n$/,
    ],
    [['verify', dir, '--public-key', fifo], /^ctr-conformance: --public-key \S+: not a readable key in PEM \(a FIFO, not a regular file: not read\)\n$/],
  ];
  for (const [args, line] of cases) {
    const { code, stderr, ms } = await cliWithin(t, args, 30_000);
    t.equal(code, 2, args.join(' '));
    t.match(stderr, line, args.join(' '));
    t.ok(ms < 30_000, `ended by itself (${ms} ms)`);
  }
});
