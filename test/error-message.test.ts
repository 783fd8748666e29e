import { mkdtempSync, rmSync } from 'node:fs';
import fc from 'fast-check';
import t from 'tap';
import { errorMessageOf } from '../suites/http/error-message.js';
import { runCli } from './helpers/cli.js';

/**
 * Error texts are compared exactly: the daemon's framing (a JSON object, or Go's plain-text
 * http.Error with its one "\n") is removed and nothing else, on either side of the comparison.
 * Issue 21, part 4: authz.deny trimmed the plain-text body of 20.10 and then demanded the plugin's
 * message with its trailing space, failing a daemon that answered exactly right.
 */
t.test('the framing is removed, the message kept as it is', async (t) => {
  t.equal(errorMessageOf({ body: 'authorization denied by plugin p: \n' }), 'authorization denied by plugin p: ', 'a trailing space of the message is kept');
  t.equal(errorMessageOf({ body: ' x \n\n' }), ' x \n', 'only the one newline Go adds is removed');
  t.equal(errorMessageOf({ body: '{"message":"a "}\n' }), 'a ');
  t.equal(errorMessageOf({ body: 'no newline' }), 'no newline');
});

t.test('plain text and JSON give the same message, and a message that lost a character differs', async (_t) => {
  fc.assert(
    fc.property(fc.string({ maxLength: 30 }), (msg) => {
      const text = `authorization denied by plugin p: ${msg}`;
      if (errorMessageOf({ body: `${text}\n` }) !== text) return false;
      if (errorMessageOf({ body: `${JSON.stringify({ message: text })}\n` }) !== text) return false;
      // A daemon that trimmed the message (dropping its trailing spaces) is told apart.
      return text.trimEnd() === text || errorMessageOf({ body: `${text.trimEnd()}\n` }) !== text;
    }),
  );
});

t.test('the run that found it: authz.deny on 20.10 with seed 861434285 passes', async (t) => {
  t.setTimeout(120_000);
  const out = mkdtempSync('/tmp/ctc-errmsg-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const run = await runCli(['run', '--target', 'sim', '--emulate', '20.10', '--seed', '861434285', '--only', 'authz.deny', '-q', '--out', out]);
  t.equal(run.code, 0, `${run.stdout}${run.stderr}`);
  t.match(run.stdout, /1 pass, 0 fail/);
});
