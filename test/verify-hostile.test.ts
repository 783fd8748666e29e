import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { manifestText, sha256 } from '../cli/bundle-manifest.js';
import { bundleBadge } from '../cli/bundle-badge.js';
import { renderHtml } from '../reports/renderers/html.js';
import { renderJson } from '../reports/renderers/json.js';
import { renderJunit } from '../reports/renderers/junit.js';
import { validateReport } from '../reports/schema.js';
import { sampleReport, totalsOf } from './reports-fixtures.js';
import { cliWithin } from './helpers/cli.js';

/**
 * Issue 41: `verify` on a hostile bundle. The manifest is the only list of what a bundle holds;
 * each listed entry is read only as a regular file inside the bundle within the limits, and what
 * is not listed is never opened. Every case ends by itself, with a FAIL line naming the entry and
 * exit code 1, never an internal error, a hang or a read of what a link points to.
 */
const root = mkdtempSync('/tmp/ctc-verify-hostile-');
t.teardown(() => rmSync(root, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;

let bundles = 0;
/** A bundle whose manifest lists `listed` (name → content written, or a maker of the entry) and the sums of the regular ones. */
function bundle(entries: Record<string, string | ((path: string) => void)>, extra: Record<string, string> = {}): string {
  const dir = join(root, `b${bundles++}`);
  mkdirSync(dir);
  const sums: Record<string, string> = { ...extra };
  for (const [name, what] of Object.entries(entries)) {
    const path = join(dir, name);
    if (typeof what === 'string') {
      writeFileSync(path, what);
      sums[name] = sha256(what);
    } else {
      what(path);
      sums[name] ??= sha256('what a vendor says it holds');
    }
  }
  writeFileSync(join(dir, 'manifest.json'), manifestText(sums));
  return dir;
}

const verify = (dir: string, env: NodeJS.ProcessEnv = process.env) => cliWithin(t, ['verify', dir], 60_000, env);

t.test('a listed link (to a device, to a file outside, to a directory) is refused, never followed', async (t) => {
  const outside = join(root, 'outside.txt');
  writeFileSync(outside, 'secret\n');
  const dir = bundle({
    'zero.bin': (p) => symlinkSync('/dev/zero', p),
    'urandom.bin': (p) => symlinkSync('/dev/urandom', p),
    'passwd.txt': (p) => symlinkSync(outside, p),
    'dir-link': (p) => symlinkSync('/etc', p),
  });
  const { code, stdout, stderr, ms } = await verify(dir);
  t.equal(code, 1, stderr);
  for (const name of ['zero.bin', 'urandom.bin', 'passwd.txt', 'dir-link'])
    t.match(stdout, new RegExp(`^FAIL {5}${name}: a symbolic link, which is not followed$`, 'm'), name);
  t.notMatch(stdout + stderr, /internal error|EISDIR|2 GiB/);
  t.notMatch(stdout, sha256('secret\n'), 'the SHA-256 of what a link points to is never printed');
  t.ok(ms < 60_000);
});

t.test('an unlisted link or special file is named as added, and never opened', async (t) => {
  const dir = bundle({ 'a.txt': 'a' });
  symlinkSync('/etc/passwd', join(dir, 'extra'));
  execFileSync('mkfifo', [join(dir, 'pipe')]);
  const { code, stdout } = await verify(dir);
  t.equal(code, 1);
  t.match(stdout, /^FAIL {5}extra: added \(the manifest does not list it; a symbolic link, not read\)$/m);
  t.match(stdout, /^FAIL {5}pipe: added \(the manifest does not list it; a FIFO, not read\)$/m);
  t.notMatch(stdout, /^ok +sums/m);
});

t.test('a listed FIFO, directory, sparse giant or device is refused at once, in one line', async (t) => {
  const dir = bundle({
    pipe: (p) => execFileSync('mkfifo', [p]),
    'a-dir': (p) => mkdirSync(p),
    'huge.bin': (p) => {
      writeFileSync(p, '');
      truncateSync(p, 3 * 1024 * 1024 * 1024);
    },
    ...(isRoot ? { 'null-dev': (p: string) => execFileSync('mknod', [p, 'c', '1', '3']) } : {}),
  });
  const { code, stdout, stderr, ms } = await verify(dir);
  t.equal(code, 1, stderr);
  t.match(stdout, /^FAIL {5}pipe: a FIFO, not a regular file: not read$/m);
  t.match(stdout, /^FAIL {5}a-dir: a directory, not a regular file: not read$/m);
  t.match(stdout, /^FAIL {5}huge\.bin: 3221225472 bytes, over the limit of 134217728 bytes per file \(raise it with CTR_CONFORMANCE_MAX_FILE_MB, in MiB\)$/m);
  if (isRoot) t.match(stdout, /^FAIL {5}null-dev: a character device, not a regular file: not read$/m);
  t.notMatch(stdout + stderr, /internal error|EISDIR|2 GiB/);
  t.ok(ms < 60_000, `${ms} ms`);
});

t.test('a manifest name that leaves the bundle, or a link on the way, is refused', async (t) => {
  const dir = bundle({ 'a.txt': 'a' }, { '../outside.txt': sha256('secret\n'), '/etc/passwd': sha256('x'), 'via/a.txt': sha256('a') });
  symlinkSync('.', join(dir, 'via'));
  const { code, stdout } = await verify(dir);
  t.equal(code, 1);
  t.match(stdout, /^FAIL {5}\.\.\/outside\.txt: not a path inside the bundle: not read$/m);
  t.match(stdout, /^FAIL {5}\/etc\/passwd: not a path inside the bundle: not read$/m);
  t.match(stdout, /^FAIL {5}via\/a\.txt: via is a symbolic link, which is not followed$/m);
});

t.test('the manifest, the report and the signature themselves are read only as regular files', async (t) => {
  const dir = join(root, 'links-only');
  mkdirSync(dir);
  symlinkSync('/dev/zero', join(dir, 'manifest.json'));
  execFileSync('mkfifo', [join(dir, 'report.json')]);
  symlinkSync('/dev/urandom', join(dir, 'manifest.sig'));
  const { code, stdout, stderr, ms } = await verify(dir);
  t.equal(code, 1, stderr);
  t.match(stdout, /^FAIL {5}manifest\.json: a symbolic link, which is not followed$/m);
  t.match(stdout, /^FAIL {5}report\.json: a FIFO, not a regular file: not read$/m);
  t.match(stdout, /^FAIL {5}manifest\.sig: a symbolic link, which is not followed$/m);
  t.ok(ms < 60_000);
});

t.test('more entries than the limit are refused without reading them', async (t) => {
  const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, `${i}`]));
  const dir = bundle(files);
  const { code, stdout } = await verify(dir, { ...process.env, CTR_CONFORMANCE_MAX_BUNDLE_FILES: '5' });
  t.equal(code, 1);
  t.match(stdout, /^FAIL {5}manifest\.json: lists 12 entries, over the limit of 5 \(raise it with CTR_CONFORMANCE_MAX_BUNDLE_FILES\): no file was read$/m);
  const { stdout: raised } = await verify(dir, { ...process.env, CTR_CONFORMANCE_MAX_BUNDLE_FILES: '50' });
  t.match(raised, /^ok {7}sums: the 12 files match/m, 'raised, the same bundle is read');
});

t.test('a name with escape sequences and line breaks reaches the terminal escaped', async (t) => {
  const evil = '\x1b]0;owned\x07\x1b[32m\nok       sums: forged\rverified';
  const dir = bundle({ 'a.txt': 'a' });
  writeFileSync(join(dir, evil), 'x');
  const { stdout } = await verify(dir);
  t.notOk(
    ['\x1b', '\x07', '\r'].some((c) => stdout.includes(c)),
    'no control character reaches the terminal',
  );
  t.notMatch(stdout, /^ok {7}sums: forged/m, 'no line of its own');
  t.match(stdout, 'FAIL     \\x1b]0;owned\\x07\\x1b[32m\\nok       sums: forged\\rverified: added');
});

t.test('a gzip bomb as transcript and a numRuns beyond the limit are refused, not replayed', async (t) => {
  const base = sampleReport();
  const report = {
    ...base,
    target: { ...base.target, surfaces: ['daemon-api'] },
    options: { targetArgs: ['--target', 'sim'], profile: null, release: null, numStarts: 1, only: [], path: null, shrink: true },
  };
  t.ok(validateReport(report).ok, 'the report is a valid one');
  const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 });
  const dir = join(root, 'bomb');
  mkdirSync(dir);
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'transcript.json.gz'), bomb);
  const { code, stdout } = await verify(dir, { ...process.env, CTR_CONFORMANCE_MAX_INFLATED_MB: '1' });
  t.equal(code, 1);
  t.match(stdout, /^FAIL {5}replay: cannot read transcript .*transcript\.json\.gz: inflates to more than 1048576 bytes, over the limit .*: nothing replayed$/m);
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...report, numRuns: 100_000_000 }));
  const many = await verify(dir);
  t.equal(many.code, 1);
  t.match(
    many.stdout,
    /^FAIL {5}replay: report\.json asks for 100000000 runs, over the limit of 10000 \(raise it with CTR_CONFORMANCE_MAX_REPLAY_RUNS\): not replayed$/m,
  );
});

t.test('derived files (HTML, JUnit, badge) and totals that disagree with report.json are found, sums or not', async (t) => {
  const base = sampleReport();
  const report = {
    ...base,
    target: { ...base.target, surfaces: ['openai-api'] },
    options: { targetArgs: ['--target', 'sim'], profile: null, release: null, numStarts: 1, only: [], path: null, shrink: true },
  };
  t.ok(validateReport(report).ok, 'the report is a valid one');
  const other = { ...report, results: report.results.map((r) => ({ ...r, status: 'pass' as const })) };
  const honest = {
    'report.json': renderJson(report),
    'report.html': renderHtml(report),
    'junit.xml': renderJunit(report),
    'badge.svg': bundleBadge(report),
  };
  const fresh = await verify(bundle(honest));
  t.match(fresh.stdout, /^ok {7}derived: report\.html, junit\.xml, badge\.svg are what report\.json renders to$/m);
  t.match(fresh.stdout, /^ok {7}evidence: each of the \d+ cells' status is what its own evidence allows$/m);
  const forgeries: [string, Record<string, string>, RegExp][] = [
    [
      'the pages of another run',
      { 'report.html': renderHtml(other), 'junit.xml': renderJunit(other) },
      /^FAIL {5}report\.html: not what report\.json renders to/m,
    ],
    [
      'junit.xml and report.html swapped',
      { 'report.html': honest['junit.xml'], 'junit.xml': honest['report.html'] },
      /^FAIL {5}junit\.xml: not what report\.json renders to/m,
    ],
    [
      'a badge claiming 999/999',
      { 'badge.svg': honest['badge.svg'].replace(/\d+\/\d+/g, '999/999') },
      /^FAIL {5}badge\.svg: not what report\.json renders to/m,
    ],
    [
      'a failing cell made a pass, totals and all',
      (() => {
        const results = report.results.map((r) => (r.status === 'fail' ? { ...r, status: 'pass' as const } : r));
        const forged = { ...report, results, totals: totalsOf(results) };
        return { 'report.json': renderJson(forged), 'report.html': renderHtml(forged), 'junit.xml': renderJunit(forged), 'badge.svg': bundleBadge(forged) };
      })(),
      /^FAIL {5}evidence: version\.header at API 1\.41 is pass, but its evidence holds a counterexample; its evidence holds the rerun line of a failing cell$/m,
    ],
    [
      'totals edited',
      { 'report.json': JSON.stringify({ ...report, totals: { ...report.totals, pass: 999 } }) },
      /^FAIL {5}report\.json: not a valid report \(\/totals\/pass: is 999 but 1 result\(s\) have status pass\)$/m,
    ],
  ];
  for (const [what, changed, line] of forgeries) {
    const { code, stdout } = await verify(bundle({ ...honest, ...changed }));
    t.equal(code, 1, what);
    t.match(stdout, /^ok {7}sums/m, `${what}: the sums hold (the manifest was written again)`);
    t.match(stdout, line, what);
  }
});
