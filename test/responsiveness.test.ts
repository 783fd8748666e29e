import fc from 'fast-check';
import t from 'tap';
import { FLAPPING_TIMEOUTS, FLAPPING_WINDOW, ResponsivenessWatch, type TargetUnresponsive, UNRESPONSIVE_AFTER } from '../suites/run/responsiveness.js';

/** Where a sequence of outcomes (true: the deadline passed) makes the target unresponsive, by the rule's words. */
function expectedDeclaration(outcomes: readonly boolean[]): number | null {
  for (let i = 0; i < outcomes.length; i++) {
    if (!outcomes[i]) continue;
    const inARow = outcomes.slice(Math.max(0, i + 1 - UNRESPONSIVE_AFTER), i + 1);
    const window = outcomes.slice(Math.max(0, i + 1 - FLAPPING_WINDOW), i + 1);
    if ((inARow.length === UNRESPONSIVE_AFTER && inARow.every(Boolean)) || window.filter(Boolean).length >= FLAPPING_TIMEOUTS) return i;
  }
  return null;
}

t.test('the watch declares a target unresponsive exactly when a streak or the window says so, once', async (t) => {
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 80 }), (outcomes) => {
        const declared: { at: number; reason: TargetUnresponsive }[] = [];
        let at = -1;
        const watch = new ResponsivenessWatch(10_000, (reason) => declared.push({ at, reason }));
        outcomes.forEach((timedOut, i) => {
          at = i;
          if (timedOut) watch.timedOut();
          else watch.answered();
        });
        const expected = expectedDeclaration(outcomes);
        if (expected === null) return declared.length === 0;
        return declared.length === 1 && declared[0]!.at === expected;
      }),
    ),
  );
});

t.test('a target that answers every other request is declared within one window', async (t) => {
  const reasons: TargetUnresponsive[] = [];
  const watch = new ResponsivenessWatch(1_000, (reason) => reasons.push(reason));
  for (let i = 0; i < FLAPPING_WINDOW; i++) {
    if (i % 2 === 0) watch.answered();
    else watch.timedOut();
  }
  t.equal(reasons.length, 1);
  t.match(reasons[0]?.message, `${FLAPPING_TIMEOUTS} of its last ${FLAPPING_WINDOW} requests got no complete answer within the request deadline of 1 s`);
});

t.test('occasional deadlines of a healthy target under load do not declare it', async (t) => {
  const reasons: TargetUnresponsive[] = [];
  const watch = new ResponsivenessWatch(1_000, (reason) => reasons.push(reason));
  // One deadline in four, for a long run.
  for (let i = 0; i < 400; i++) {
    if (i % 4 === 3) watch.timedOut();
    else watch.answered();
  }
  t.same(reasons, []);
});
