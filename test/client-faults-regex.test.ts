import t from 'tap';
import { parseClientFaults } from '../simulator/client-faults/parse.js';
import { compileMatch } from '../simulator/client-faults/route-match.js';
import { PATH_REGEX_LIMITS } from '../simulator/client-faults/linear-regexp.js';
import { SimError } from '../simulator/index.js';

/**
 * Issue 41: a `pathRegex` of a --client-faults file runs in linear time. A backtracking pattern
 * froze the daemon for 15–30 s on one 32-byte request; a deeply nested one passed validation and
 * then made V8 run out of memory on the first request. Now the first is matched at once, and what
 * cannot be run in linear time or is too large is refused when the file is loaded.
 */
const fileWith = (pathRegex: string): string =>
  JSON.stringify({ seed: 1, faults: [{ name: 'x', pathRegex, kind: 'http-error', status: 500, probability: 1 }] });

const refusal = (pathRegex: string): string | undefined => {
  try {
    parseClientFaults(fileWith(pathRegex), 'faults.json');
    return undefined;
  } catch (error) {
    return error instanceof SimError ? error.message : `not a SimError: ${String(error)}`;
  }
};

t.test('a backtracking pattern is matched in linear time', async (t) => {
  t.equal(refusal('^(a+)+$'), undefined, 'loads');
  const match = compileMatch({ pathRegex: '^(a+)+$' });
  const began = Date.now();
  t.equal(match('GET', `/${'a'.repeat(32)}!`), false);
  t.equal(match('GET', 'aaaa'), true);
  t.ok(Date.now() - began < 1000, `${Date.now() - began} ms`);
  // The patterns the README and the examples give still mean what they meant.
  const images = compileMatch({ pathRegex: '^/images/' });
  t.equal(images('GET', '/images/x'), true);
  t.equal(images('GET', '/containers/x'), false);
  t.equal(compileMatch({ pathRegex: '^/containers/[0-9a-f]+/(start|stop)$' })('POST', '/containers/abc123/stop'), true);
});

t.test('what cannot run in linear time, or is too large, is refused at load, naming pathRegex', async (t) => {
  t.match(refusal('^(a)\\1$'), /pathRegex.*cannot be run in linear time/);
  t.match(refusal('^/images/(?=x)'), /pathRegex.*cannot be run in linear time/);
  t.match(refusal(`${'('.repeat(5000)}a${')'.repeat(5000)}`), /pathRegex: 10001 characters, more than 512$/);
  t.match(refusal(`${'('.repeat(PATH_REGEX_LIMITS.depth + 1)}a${')'.repeat(PATH_REGEX_LIMITS.depth + 1)}`), /pathRegex.*groups nested 17 deep, more than 16/);
  t.equal(refusal(`${'('.repeat(PATH_REGEX_LIMITS.depth)}a${')'.repeat(PATH_REGEX_LIMITS.depth)}`), undefined, 'as deep as the limit loads');
  t.equal(refusal('[((((((((((((((((((]x'), undefined, 'brackets inside a class are no nesting');
});
