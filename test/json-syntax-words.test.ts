import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { parseArgv, resolveConfig } from '../simulator/index.js';
import { brokenJson } from '../suites/arbitraries/json-text.js';
import { daemonEnvironment, knowsIp6tables, safetyFlags } from '../suites/targets/spawned-daemon.js';
import { dockerSimSocket } from './helpers/in-process-sim.js';
import { inCI, realDaemons } from './helpers/real-daemons.js';
import { replyMessage, send } from './helpers/unix-send.js';

/**
 * JSON that is not JSON is refused in the words of the emulated release's Go: a configuration file
 * (simulator/config/file/read-document.ts) and a request body (engine/json-request.ts), both over
 * engine/go-json.ts's scanner: the context of the character ("after object key", "in string
 * literal", …), 26.1's end-of-text literal, and 28.x's newer wording of strings, numbers and
 * characters beyond ASCII (engine/go-json-newer.ts). The tables are what the releases answered;
 * the property compares ctrd-sim with the real 26.1 and 28.5 on generated broken files
 * (`--validate`, which starts nothing).
 */

const FILE = '/etc/docker/daemon.json';

/** ctrd-sim's refusal of `text` as the configuration file of `release` (in-process), or null when it takes it. */
function simRefusal(text: string, release: string): string | null {
  try {
    resolveConfig(parseArgv(['--brand', 'docker', '--emulate', release, '--config-file', FILE]), {
      env: {},
      readFile: (path) => (path === FILE ? text : null),
      readFileBytes: (path) => (path === FILE ? Buffer.from(text, 'utf8') : null),
    });
    return null;
  } catch (error) {
    return (error as Error).message.replace(`unable to configure the Docker daemon with file ${FILE}: `, '');
  }
}

// Observed on 20.10.24 (at its start: it has no --validate), 26.1.5 and 28.5.2 (--validate), 2026-11-27.
const OBSERVED: readonly (readonly [text: string, v20: string, v26: string, v28: string])[] = [
  ['{"debug": true,}', "invalid character '}' looking for beginning of object key string", '=', '='],
  ['{"debug" true}', "invalid character 't' after object key", '=', '='],
  ['{"debug": tru}', "invalid character '}' in literal true (expecting 'e')", '=', '='],
  ['{"debug": 01}', "invalid character '1' after object key:value pair", '=', '='],
  ['{"labels": ["a" "b"]}', `invalid character '"' after array element`, '=', '='],
  ['[1,]', "invalid character ']' looking for beginning of value", '=', '='],
  ['{"a":"\\q"}', "invalid character 'q' in string escape code", '=', 'invalid escape sequence `\\q` in string'],
  ['{"a":"\\u12G4"}', "invalid character 'G' in \\u hexadecimal character escape", '=', 'invalid escape sequence `\\u12G4` in string'],
  ['{"a":"x\ty"}', "invalid character '\\t' in string literal", '=', "invalid character '\\t' in string"],
  ['{"a":1.}', "invalid character '}' after decimal point in numeric literal", '=', "invalid character '}' in numeric literal"],
  ['{"a":1e}', "invalid character '}' in exponent of numeric literal", '=', "invalid character '}' in numeric literal"],
  ['{"debug": tru', 'unexpected EOF', "invalid character ' ' in literal true (expecting 'e')", 'unexpected end of JSON input'],
  ['{"a": -', 'unexpected EOF', "invalid character ' ' in numeric literal", 'unexpected end of JSON input'],
];

t.test('a file that is not JSON is refused in the words each release printed', async (t) => {
  for (const [text, v20, v26, v28] of OBSERVED) {
    const on26 = v26 === '=' ? v20 : v26;
    const on28 = `invalid JSON: ${v28 === '=' ? on26 : v28}`;
    t.equal(simRefusal(text, '20.10'), v20, `20.10: ${JSON.stringify(text)}`);
    t.equal(simRefusal(text, '26.1'), on26, `26.1: ${JSON.stringify(text)}`);
    t.equal(simRefusal(text, '28.5'), on28, `28.5: ${JSON.stringify(text)}`);
    // Observed on 29.7.2 (--validate, 2026-12-05): 28.x's prefix, 26.1's words (engine/go-json-newer.ts).
    t.equal(simRefusal(text, '29.7'), `invalid JSON: ${on26}`, `29.7: ${JSON.stringify(text)}`);
  }
});

// Observed on 26.1.5 and 28.5.2, POST /v1.44/containers/create with Content-Type application/json, 2026-11-27: 400 "invalid JSON: …".
const OBSERVED_BODIES: readonly (readonly [body: string, v26: string, v28: string])[] = [
  ['{"Image": "x\\q"}', "invalid character 'q' in string escape code", 'invalid escape sequence `\\q` in string'],
  ['{"Image": "x\\u12G4"}', "invalid character 'G' in \\u hexadecimal character escape", 'invalid escape sequence `\\u12G4` in string'],
  ['{"Image": "\\ "}', "invalid character ' ' in string escape code", 'invalid escape sequence "\\\\ " in string'],
  ['{"Image": "x\ty"}', "invalid character '\\t' in string literal", "invalid character '\\t' in string"],
  ['{"Image": 1.}', "invalid character '}' after decimal point in numeric literal", "invalid character '}' in numeric literal"],
  ['{"Image": 1e}', "invalid character '}' in exponent of numeric literal", "invalid character '}' in numeric literal"],
  ['\u00e9{}', "invalid character '\u00c3' looking for beginning of value", "invalid character '\u00e9' looking for beginning of value"],
  ['{"Image": tru}', "invalid character '}' in literal true (expecting 'e')", '='],
  ['{"Image": tr\u00e9ue}', "invalid character '\u00c3' in literal true (expecting 'u')", "invalid character '\u00e9' in literal true (expecting 'u')"],
  // 28.x's Decoder holds 64 bytes, then 128, 256…: what the error names is cut there (observed 2026-12-06; engine/go-json-newer.ts).
  [
    `{"a": "${'x'.repeat(46)}", "b": tr\u00e9ue}`,
    "invalid character '\u00c3' in literal true (expecting 'u')",
    "invalid character '\\xc3' in literal true (expecting 'u')",
  ],
  [
    `{"a": "${'x'.repeat(47)}", "b": tr\u00e9ue}`,
    "invalid character '\u00c3' in literal true (expecting 'u')",
    "invalid character '\u00e9' in literal true (expecting 'u')",
  ],
  [
    `{"a": "${'x'.repeat(240)}", "b": \u00e9}`,
    "invalid character '\u00c3' looking for beginning of value",
    "invalid character '\\xc3' looking for beginning of value",
  ],
  [`{"a": "${'x'.repeat(52)}\\u12G4"}`, "invalid character 'G' in \\u hexadecimal character escape", 'invalid escape sequence `\\u12G` in string'],
  [`{"a": "${'x'.repeat(53)}\\u12G4"}`, "invalid character 'G' in \\u hexadecimal character escape", 'invalid escape sequence `\\u12G4` in string'],
  ['{"Image" 1}', "invalid character '1' after object key", '='],
];

// 29.7.2 answered every body in 26.1's words (observed 2026-12-05; engine/go-json-newer.ts).
t.test('a request body that is not JSON is refused in the words each release answered', async (t) => {
  for (const release of ['26.1', '28.5', '29.7'] as const) {
    const socket = await dockerSimSocket(t, 'ctc-json-words-', release);
    for (const [body, v26, v28] of OBSERVED_BODIES) {
      const reply = await send(socket, 'POST', '/v1.44/containers/create', Buffer.from(body, 'utf8'), 'application/json');
      const words = release === '28.5' && v28 !== '=' ? v28 : v26;
      t.same([reply.status, replyMessage(reply)], [400, `invalid JSON: ${words}`], `${release}: ${JSON.stringify(body)}`);
    }
  }
});

/** A configuration file with one character put in, replaced or taken out, so that it is no longer JSON. */
const brokenFile = brokenJson([
  '{"debug": true, "labels": ["a=b", "c"], "max-concurrent-downloads": 3}',
  '{"log-opts": {"max-size": "10m", "max-file": "3"}, "experimental": false}',
  '{"default-address-pools": [{"base": "10.10.0.0/16", "size": 24}], "mtu": 1500.5e1}',
  '{"dns": ["1.1.1.1"], "data-root": "/x\\u00e9\\n", "features": {"buildkit": null}}',
]);

/** The refusal a real dockerd prints for `text` with --validate (its last line, the file's path taken out), or null when it takes it. */
function realRefusal(path: string, ip6tables: boolean, text: string): Promise<string | null> {
  const dir = mkdtempSync('/tmp/ctc-json-words-');
  const file = join(dir, 'daemon.json');
  writeFileSync(file, text);
  return new Promise<string | null>((resolve, reject) =>
    execFile(
      path,
      [...safetyFlags(dir, ip6tables), '--config-file', file, '--validate'],
      { env: daemonEnvironment(), timeout: 30_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== 'number') return reject(new Error(`dockerd --validate: ${error.message}`));
        if (error === null) return resolve(null);
        const line = `${stdout}${stderr}`.trim().split('\n').at(-1) ?? '';
        resolve(line.replace(`unable to configure the Docker daemon with file ${file}: `, ''));
      },
    ),
  ).finally(() => rmSync(dir, { recursive: true, force: true }));
}

const real = realDaemons();
const validating = real.daemons.filter((daemon) => daemon.release !== '20.10');
if (real.missing !== null && inCI()) t.fail(`the real daemons are required in CI: ${real.missing}`);
else if (real.missing !== null) t.test('ctrd-sim words broken files as the real releases do', { skip: `no real daemons: ${real.missing}` }, async () => {});
else
  for (const daemon of validating) {
    t.test(`ctrd-sim --emulate ${daemon.release} words a broken file as dockerd ${daemon.release} does`, async () => {
      const ip6tables = await knowsIp6tables([daemon.path]);
      await fc.assert(
        fc.asyncProperty(brokenFile, async (text) => (await realRefusal(daemon.path, ip6tables, text)) === simRefusal(text, daemon.release)),
        { numRuns: 60 },
      );
    });
  }
