import type { Test } from 'tap';
import { RULES } from '../../specs/catalogue.js';
import type { ProvisionedDaemon } from '../../suites/targets/provisioned-daemons.js';

/**
 * What a rule's reading says a release does, and how a test observes it on that release (issue 37:
 * "every reading's factual claim about a release is observed"). test/reading-claims.test.ts holds
 * the coverage: every reading that speaks of a release has claims, each quoting its words;
 * test/reading-observations-<area>.test.ts makes the observations on the installed releases.
 */

/** The installed implementations a claim can be observed on: dockerd releases and llama.cpp's server. */
export type ObservedOn = '20.10' | '26.1' | '28.5' | '29.7' | 'llama-server';

export const DOCKERD_OBSERVED: readonly ObservedOn[] = ['20.10', '26.1', '28.5', '29.7'];

/** A dockerd to observe: its release and binary. */
export type Daemon = ProvisionedDaemon;

export type Observation =
  /** A probe that observes the words on each release of `on`; it fails the test when the release does otherwise. */
  | {
      readonly kind: 'probe';
      readonly on: readonly ObservedOn[];
      readonly observe: (t: Test, daemon: Daemon) => Promise<void>;
    }
  /**
   * A known deviation of specs/known-deviations.ts (by its quirk id): the agreement test fails it on
   * each live release it names, and ctrd-sim --as-observed agrees cell by cell.
   */
  | { readonly kind: 'known-deviation'; readonly quirk: string }
  /**
   * The rule's own check run on the release decides the words: its cells there are all `status`
   * (a live run of the rule alone, beside the agreement test's run of every rule).
   */
  | { readonly kind: 'verdict'; readonly on: readonly ObservedOn[]; readonly status: 'pass' | 'fail' };

export interface ReadingClaim {
  readonly rule: string;
  readonly reading: 'reading' | 'otherReading';
  /** The reading's own words (verbatim) that say what a release does. */
  readonly words: string;
  readonly observed: Observation;
}

/**
 * A reading speaks of a release when it names an installed one (20.10, 26.1.5, …), llama-server,
 * says what was observed, or what "the (real) releases" or "the real daemons" do.
 */
const SPEAKS_OF_A_RELEASE =
  /\b(?:20\.10|26\.1|28\.5|29\.7)(?:\.\d+)?\b|\b2\d\.x\b|llama-server|\bobserved\b|\b(?:the )?real (?:releases|daemons|release|daemon)\b|\breleases? (?:from|before|since|after) \d/;

export function speaksOfARelease(text: string): boolean {
  return SPEAKS_OF_A_RELEASE.test(text);
}

/** Every reading and other reading of the catalogue that speaks of a release. */
export function readingsThatSpeakOfReleases(): { rule: string; reading: 'reading' | 'otherReading'; text: string }[] {
  return RULES.flatMap((rule) =>
    (['reading', 'otherReading'] as const).flatMap((which) => {
      const text = rule[which];
      return typeof text === 'string' && speaksOfARelease(text) ? [{ rule: rule.id, reading: which, text }] : [];
    }),
  );
}

export const readingOf = (rule: string, which: 'reading' | 'otherReading'): string => {
  const found = RULES.find((r) => r.id === rule);
  return (found?.[which] as string | undefined) ?? '';
};
