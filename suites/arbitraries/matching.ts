import fc from 'fast-check';

const made = new Map<string, fc.Arbitrary<string>>();

/**
 * fc.stringMatching, made once per pattern. Making one reads its regular expression at some 10 ms
 * of CPU, and the checks ask for theirs in every cell (a property per API version): made each time,
 * they were the largest part of fast-check's time in a run on the simulator. An arbitrary is
 * immutable, so one serves every cell.
 */
export function matching(pattern: RegExp): fc.Arbitrary<string> {
  const key = `${pattern.flags}/${pattern.source}`;
  let arbitrary = made.get(key);
  if (arbitrary === undefined) {
    arbitrary = fc.stringMatching(pattern);
    made.set(key, arbitrary);
  }
  return arbitrary;
}
