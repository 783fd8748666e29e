import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import t from 'tap';
import { renderHtml } from '../reports/renderers/html.js';
import { renderJunit } from '../reports/renderers/junit.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { bundleBadge } from '../cli/bundle-badge.js';
import { manifestText, sumsOf } from '../cli/bundle-manifest.js';
import type { Transcript } from '../suites/targets/transcript.js';
import { cliWithin } from './helpers/cli.js';
import { certificationVerdict } from '../reports/certification-verdict.js';

/**
 * `certify` writes a bundle a third party can check and `verify` checks it (issue 23): a fresh
 * bundle, signed or not, verifies; each kind of tampering is found and named, with exit code 1.
 */
const out = mkdtempSync('/tmp/ctc-certify-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));

function keyPair(name: string): { priv: string; pub: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const priv = join(out, `${name}.key.pem`);
  const pub = join(out, `${name}.pub.pem`);
  writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
  return { priv, pub };
}
const vendor = keyPair('vendor');
const stranger = keyPair('stranger');

// A handful of rules on the in-process simulator, few cases: a bundle in seconds. api.robustness
// and config.file.json cannot be replayed (raw bytes, a daemon process): verify says so.
const ONLY = ['api.version.prefix', 'api.ping', 'api.not-found', 'api.version.too-old', 'api.robustness', 'config.file.json'];
const RULES = ONLY.flatMap((rule) => ['--only', rule]);
const CERTIFY = ['certify', '--target', 'sim', '--seed', '1234', '--num-runs', '2', '--num-starts', '1', ...RULES, '-q'];

const signed = join(out, 'signed');
const unsigned = join(out, 'unsigned');
const verify = (dir: string, ...args: string[]) => cliWithin(t, ['verify', dir, ...args], 120_000);
const reportOf = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;
let copies = 0;
/** A copy of a bundle to tamper with. */
function copyOf(dir: string): string {
  const copy = join(out, `copy-${copies++}`);
  cpSync(dir, copy, { recursive: true });
  return copy;
}
/** What an attacker without the key can do: write the manifest again over the changed files. */
async function resum(dir: string): Promise<void> {
  writeFileSync(join(dir, 'manifest.json'), manifestText(await sumsOf(dir, ['manifest.json', 'manifest.sig'])));
}
/** The report with api.ping (broken by --fault in the signed bundle) said to pass. */
function forgePass(dir: string): void {
  const report = reportOf(dir);
  const results = report.results.map((r) => (r.rule === 'api.ping' ? { ...r, status: 'pass' as const } : r));
  writeFileSync(
    join(dir, 'report.json'),
    JSON.stringify({ ...report, results, totals: { ...report.totals, pass: report.totals.pass + 1, fail: report.totals.fail - 1 } }),
  );
}
/** The transcript with every /_ping answer given the Pragma header api.ping's fault takes away. */
function forgeTranscript(dir: string): void {
  const file = join(dir, 'transcript.json.gz');
  const transcript = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Transcript;
  const exchanges = transcript.exchanges.map((e) => (e.path.endsWith('/_ping') ? { ...e, headers: { ...e.headers, pragma: 'no-cache' } } : e));
  writeFileSync(file, gzipSync(JSON.stringify({ ...transcript, exchanges })));
}

t.before(async () => {
  const [a, b] = await Promise.all([
    cliWithin(t, [...CERTIFY, '--fault', 'api.ping', '--sign-key', vendor.priv, '--out', signed], 120_000),
    cliWithin(t, [...CERTIFY, '--out', unsigned], 120_000),
  ]);
  if (a.code !== 1 || b.code !== 0) throw new Error(`certify exited ${a.code} (${a.stderr}) and ${b.code} (${b.stderr}); 1 (api.ping broken) and 0 expected`);
});

t.test('a bundle holds the reports, the transcript, certification.json, the badge, the manifest and its signature', async (t) => {
  t.same(readdirSync(signed).sort(), [
    'badge.svg',
    'certification.json',
    'junit.xml',
    'manifest.json',
    'manifest.sig',
    'report.html',
    'report.json',
    'transcript.json.gz',
  ]);
  t.notOk(readdirSync(unsigned).includes('manifest.sig'), 'no signature without --sign-key');
  t.same(validateReport(reportOf(signed)), { ok: true });
  const manifest = JSON.parse(readFileSync(join(signed, 'manifest.json'), 'utf8')) as { files: Record<string, string> };
  t.same(manifest.files, await sumsOf(signed, ['manifest.json', 'manifest.sig']), 'the manifest lists every other file with its SHA-256');
  const certification = JSON.parse(readFileSync(join(signed, 'certification.json'), 'utf8')) as Record<string, unknown>;
  const lock = spawnSync('sha256sum', [new URL('../../package-lock.json', import.meta.url).pathname], { encoding: 'utf8' }).stdout.split(' ')[0];
  t.equal(certification['lockfileSha256'], lock, 'the lockfile hash is package-lock.json’s');
  t.equal(certification['seed'], 1234);
  t.match(certification['options'], { numStarts: 1, only: ONLY, targetArgs: ['--target', 'sim', '--fault', 'api.ping'] });
  t.match(certification['target'], { spec: 'sim', kind: 'in-process' });
  // the verdict: an --only run certifies nothing, and says why (reports/certification-verdict.ts)
  t.match(certification['verdict'], {
    certified: false,
    failed: [],
    implementationFailed: 1, // api.ping is an implementation rule: reported, not deciding
    line: /^NOT CERTIFIED: a run of some rules only \(--only /,
  });
  const badge = readFileSync(join(signed, 'badge.svg'), 'utf8');
  t.match(badge, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  t.match(badge, /API 1\.\d+–1\.\d+/, 'the API range');
  t.match(badge, />api-versioning<\/text>[\s\S]*?>4\/5<\/text>/, 'api-versioning: 4 of 5 rules pass (api.ping is broken)');
  t.match(badge, />daemon-config<\/text>[\s\S]*?>1\/1<\/text>/);
  t.notMatch(badge, /<script|href=/, 'nothing active, nothing fetched');
  const openssl = spawnSync(
    'openssl',
    ['pkeyutl', '-verify', '-pubin', '-inkey', vendor.pub, '-rawin', '-in', join(signed, 'manifest.json'), '-sigfile', join(signed, 'manifest.sig')],
    {
      encoding: 'utf8',
    },
  );
  if (openssl.error !== undefined) t.comment('openssl is not installed: the signature is checked by verify only');
  else t.equal(openssl.status, 0, `openssl verifies the detached signature on its own: ${openssl.stdout}${openssl.stderr}`);
});

t.test('a fresh bundle verifies: signed with its public key, unsigned without', async (t) => {
  const a = await verify(signed, '--public-key', vendor.pub);
  t.equal(a.code, 0, a.stdout + a.stderr);
  t.match(a.stdout, /^ok +sums: the 6 files match manifest\.json/m);
  t.match(a.stdout, /^ok +signature: manifest\.sig is a valid Ed25519 signature of manifest\.json/m);
  t.match(
    a.stdout,
    /^ok +replay: (\d+) of \1 replayable cells reach the report's verdicts/m,
    'the replay reaches every replayable verdict, the failing one too',
  );
  t.match(a.stdout, /^note +replay: 2 cell\(s\) cannot be replayed/m, 'and names those a transcript cannot carry');
  t.match(a.stdout, /^verified: /m);
  // verify says what the bundle certifies, in the verdict's one line, after it says the bundle is intact.
  t.match(a.stdout, /^verified: .*\ncertifies: (CERTIFIED|NOT CERTIFIED)/m, 'the certification decision follows');
  const b = await verify(unsigned);
  t.equal(b.code, 0, b.stdout + b.stderr);
  t.match(b.stdout, /^note +signature: the bundle is not signed$/m);
  const c = await verify(signed);
  t.equal(c.code, 0, 'a signed bundle verifies without a key too');
  t.match(c.stdout, /manifest\.sig is there but not checked \(pass --public-key/);
});

t.test('each kind of tampering is found and named, with exit code 1', async (t) => {
  const cases: [string, (dir: string) => Promise<void> | void, string[], RegExp[]][] = [
    [
      'a report edited',
      (dir) => forgePass(dir),
      [],
      [/^FAIL +report\.json: changed/m, /^FAIL +replay: api\.ping@none: the report says pass, the replay finds fail/m],
    ],
    ['a transcript edited', (dir) => forgeTranscript(dir), [], [/^FAIL +transcript\.json\.gz: changed/m]],
    [
      'the manifest edited',
      (dir) => {
        const file = join(dir, 'manifest.json');
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace(/("junit\.xml": ")([0-9a-f])/, (_, head: string, digit: string) => `${head}${digit === '0' ? '1' : '0'}`),
        );
      },
      ['--public-key', vendor.pub],
      [/^FAIL +junit\.xml: changed/m, /^FAIL +manifest\.sig: not a signature of this manifest\.json/m],
    ],
    ['a file added', (dir) => writeFileSync(join(dir, 'extra.txt'), 'hello\n'), [], [/^FAIL +extra\.txt: added \(the manifest does not list it\)$/m]],
    [
      'a file added in a folder',
      (dir) => {
        mkdirSync(join(dir, 'more'));
        writeFileSync(join(dir, 'more', 'x.json'), '{}');
      },
      [],
      [/^FAIL +more\/x\.json: added/m],
    ],
    ['a file removed', (dir) => rmSync(join(dir, 'junit.xml')), [], [/^FAIL +junit\.xml: missing \(the manifest lists it\)$/m]],
    ['the manifest removed', (dir) => rmSync(join(dir, 'manifest.json')), [], [/^FAIL +manifest\.json: missing/m]],
    [
      'the signature made by another key',
      (dir) => writeFileSync(join(dir, 'manifest.sig'), sign(null, readFileSync(join(dir, 'manifest.json')), readFileSync(stranger.priv, 'utf8'))),
      ['--public-key', vendor.pub],
      [/^FAIL +manifest\.sig: not a signature of this manifest\.json by key [0-9a-f:]+ \(the manifest was changed, or another key signed it\)$/m],
    ],
    ['the signature checked with another key', () => undefined, ['--public-key', stranger.pub], [/^FAIL +manifest\.sig: not a signature/m]],
    [
      'the signature removed, a key given',
      (dir) => rmSync(join(dir, 'manifest.sig')),
      ['--public-key', vendor.pub],
      [/^FAIL +manifest\.sig: missing: the bundle is not signed/m],
    ],
    [
      'a report edited and the manifest written again: the signature finds it',
      async (dir) => {
        forgePass(dir);
        await resum(dir);
      },
      ['--public-key', vendor.pub],
      [/^ok +sums/m, /^FAIL +manifest\.sig: not a signature/m, /^FAIL +replay: api\.ping@none: the report says pass, the replay finds fail/m],
    ],
    [
      'a report edited, the manifest written again and the signature removed: the replay finds it',
      async (dir) => {
        forgePass(dir);
        rmSync(join(dir, 'manifest.sig'));
        await resum(dir);
      },
      [],
      [
        /^ok +sums/m,
        // the forged pass changes the totals and the verdict the report gives (one must rule fewer fails)
        /^FAIL +certification\.json and report\.json disagree on totals, verdict$/m,
        /^FAIL +replay: api\.ping@none: the report says pass, the replay finds fail/m,
      ],
    ],
    [
      'a transcript edited, the manifest written again and the signature removed: the replay finds it',
      async (dir) => {
        forgeTranscript(dir);
        rmSync(join(dir, 'manifest.sig'));
        await resum(dir);
      },
      [],
      [/^ok +sums/m, /^FAIL +replay: api\.ping@none: the report says fail, the replay finds pass/m],
    ],
  ];
  // Three verifications at a time: each replays the transcript.
  for (let at = 0; at < cases.length; at += 3) {
    const batch = cases.slice(at, at + 3);
    const runs = await Promise.all(
      batch.map(async ([, tamper, args]) => {
        const dir = copyOf(signed);
        await tamper(dir);
        return verify(dir, ...args);
      }),
    );
    batch.forEach(([what, , , named], i) => {
      const run = runs[i]!;
      t.equal(run.code, 1, `${what}: exit 1`);
      for (const line of named) t.match(run.stdout, line, `${what}: named`);
      t.match(run.stdout, /^NOT verified: /m, `${what}: not verified`);
      t.notMatch(run.stdout, /^certifies: /m, `${what}: certifies nothing`);
    });
  }
  const unsignedWithKey = await verify(unsigned, '--public-key', vendor.pub);
  t.equal(unsignedWithKey.code, 1, 'an unsigned bundle fails a check that asks for a signature');
  t.match(unsignedWithKey.stdout, /manifest\.sig: missing: the bundle is not signed/);
});

t.test('the bundle of a target without a daemon API is not replayed, and says so', async (t) => {
  // Such a bundle (openai:, llama-server) is stood in for by the unsigned one, its target said to have the model runner API only.
  const dir = copyOf(unsigned);
  for (const file of ['report.json', 'certification.json']) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { target: { surfaces: string[] } };
    writeFileSync(join(dir, file), JSON.stringify({ ...doc, target: { ...doc.target, surfaces: ['model-runner-api'] } }));
  }
  // The files derived from the report, as such a bundle has them (verify renders them again and compares).
  const report = reportOf(dir);
  const certification = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as object;
  writeFileSync(join(dir, 'certification.json'), JSON.stringify({ ...certification, verdict: certificationVerdict(report) }));
  writeFileSync(join(dir, 'report.html'), renderHtml(report));
  writeFileSync(join(dir, 'junit.xml'), renderJunit(report));
  writeFileSync(join(dir, 'badge.svg'), bundleBadge(report));
  await resum(dir);
  const run = await verify(dir);
  t.equal(run.code, 0, run.stdout);
  t.match(
    run.stdout,
    /^note +replay: sim has no daemon API, and a transcript replays only one: the \d+ cells rest on the sums, the signature and the consistency of their own evidence$/m,
  );
  t.notMatch(run.stdout, /^ok +replay/m);
});

t.test('usage errors exit 2 and run nothing', async (t) => {
  const empty = join(out, 'empty');
  mkdirSync(empty);
  const notKey = join(out, 'not-a-key.pem');
  writeFileSync(notKey, 'hello\n');
  const rsa = join(out, 'rsa.pem');
  writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const cases: [string[], RegExp][] = [
    [['verify', join(out, 'nowhere')], /nowhere: not a directory/],
    [['verify', empty], /not a certification bundle/],
    [['verify', signed, '--public-key', notKey], /--public-key \S+: not a readable key in PEM/],
    [['verify'], /missing required argument 'dir'/],
    [['certify', '--target', 'sim', ...RULES], /required option '--out <dir>' not specified/],
    [[...CERTIFY, '--out', signed], /--out \S+signed: not empty/],
    [[...CERTIFY, '--out', join(out, 'rsa-bundle'), '--sign-key', rsa], /--sign-key \S+: an rsa key, not Ed25519/],
    [[...CERTIFY, '--out', join(out, 'nokey-bundle'), '--sign-key', notKey], /--sign-key \S+: not a readable key in PEM/],
  ];
  for (const [args, message] of cases) {
    const run = await cliWithin(t, args, 60_000);
    t.equal(run.code, 2, `${args.slice(0, 2).join(' ')} …: exit 2`);
    t.match(run.stderr, message);
  }
  t.notOk(readdirSync(out).includes('rsa-bundle'), 'a refused key costs no run');
});
