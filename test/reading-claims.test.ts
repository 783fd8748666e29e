import t from 'tap';
import { KNOWN_DEVIATIONS } from '../specs/known-deviations.js';
import { RULES } from '../specs/catalogue.js';
import { readingOf, readingsThatSpeakOfReleases, speaksOfARelease } from './helpers/reading-claims.js';
import { ALL_CLAIMS } from './reading-claims/all.js';

/**
 * Every statement a reading makes about a release is observed on that release (issue 37): each
 * sentence of a reading or other reading that speaks of a release is quoted by a claim of
 * test/reading-claims/, and each claim says how a test observes it (a probe or the rule's own
 * verdict in test/reading-observations-<area>.test.ts, or a known deviation the agreement test
 * fails on the live release). No daemon runs here: this file holds the coverage.
 */

/** A reading's sentences (a full stop, then a space and a capital, a digit, a quote or a parenthesis). */
const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+(?=[A-Z0-9("`])/).filter((s) => s.trim() !== '');

t.test('every sentence of a reading that speaks of a release is quoted by a claim', async (t) => {
  const unquoted: string[] = [];
  for (const { rule, reading, text } of readingsThatSpeakOfReleases()) {
    const claims = ALL_CLAIMS.filter((c) => c.rule === rule && c.reading === reading);
    for (const sentence of sentences(text).filter(speaksOfARelease)) {
      if (!claims.some((c) => sentence.includes(c.words) || c.words.includes(sentence))) unquoted.push(`${rule} (${reading}): ${sentence}`);
    }
  }
  t.same(unquoted, [], 'no statement about a release goes unobserved');
});

t.test("each claim quotes its reading's words, and says how it is observed", async (t) => {
  const ruleIds = new Set(RULES.map((r) => r.id));
  for (const claim of ALL_CLAIMS) {
    const where = `${claim.rule} (${claim.reading}): ${claim.words.slice(0, 60)}`;
    t.ok(ruleIds.has(claim.rule), `${where}: the rule exists`);
    t.ok(claim.words.trim().length >= 12, `${where}: quotes enough words to find`);
    t.ok(readingOf(claim.rule, claim.reading).includes(claim.words), `${where}: the words are the reading's, verbatim`);
    const { observed } = claim;
    if (observed.kind === 'known-deviation') {
      const deviation = KNOWN_DEVIATIONS.find((d) => d.quirk === observed.quirk);
      t.ok(deviation, `${where}: known deviation ${observed.quirk} exists`);
      t.ok(
        deviation?.releases.some((r) => ['20.10', '26.1', '28.5', '29.7'].includes(r)),
        `${where}: observed on an installed release`,
      );
    } else {
      t.ok(observed.on.length > 0, `${where}: observed on at least one release`);
    }
  }
});
