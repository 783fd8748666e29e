import fc from 'fast-check';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { parseJsonObject } from '../laws/expect.js';
import { at, baseImage, createContainer, objectAt, removeContainer, setupPath } from './objects.js';
import { servedVersion } from './served.js';
import { containerBudget } from './container-checks.js';

/** A generated sequence of what the suite does between `since` and `until`. */
const sequence = fc.array(fc.constantFrom('create', 'create+start', 'tag'), { minLength: 1, maxLength: 3 });

/** Seconds since the epoch with milliseconds, as the events API takes `since` and `until` (rounded up: never before the moment). */
const epochSeconds = (ms: number): string => (Math.ceil(ms) / 1000).toFixed(3);

export const eventsLegacyCheck: RuleCheck = {
  rule: 'deprecated.events.legacy-fields',
  applies: servedVersion,
  documentedItems: () => ['event:container', 'event:image'],
  run: (ctx, api, options) =>
    checkProperty(
      sequence,
      async (steps) => {
        const log = new ExchangeLog(ctx.client);
        const image = await baseImage(ctx, log);
        // A short margin before the first step: the window holds this case's events and few of the concurrent cells'.
        const since = epochSeconds(Date.now() - 200);
        const made: string[] = [];
        try {
          for (const [i, step] of steps.entries()) {
            if (step === 'tag') {
              await log.send('POST', setupPath(ctx, `/images/${image}/tag?repo=ctc-base/busybox&tag=e${i}`));
              continue;
            }
            const id = await createContainer(log, { api: ctx.expectedMax, image });
            made.push(id);
            if (step === 'create+start') await log.send('POST', setupPath(ctx, `/containers/${id}/start`));
          }
          // Every answer of the sequence is in, so its events are: a window that ends now needs no wait (a future `until` would hold the stream open until then).
          const until = epochSeconds(Date.now() + 1);
          const reply = await log.send('GET', at(api!, `/events?since=${since}&until=${until}`), { timeoutMs: 10_000 });
          log.expect(reply.status === 200, `GET /events with since and until should answer 200, got ${reply.status} (API ${api})`);
          const events = reply.body
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => parseJsonObject(line));
          log.expect(
            events.every((e) => e !== null),
            `every line of the events stream should be a JSON object (API ${api})`,
          );
          const created = events.filter((e) => e!['Type'] === 'container' && e!['Action'] === 'create').map((e) => objectAt(e, 'Actor')?.['ID']);
          const missing = made.filter((id) => !created.includes(id));
          log.expect(missing.length === 0, `the stream between since and until should hold the create event of ${missing.join(', ')} (API ${api})`);
          // The legacy fields were those of container and image events (the only kinds the old API had).
          for (const event of events.filter((e) => e!['Type'] === 'container' || e!['Type'] === 'image')) {
            const actor = objectAt(event, 'Actor');
            const description = `${String(event!['Type'])} ${String(event!['Action'])} event`;
            options.coverage?.hit(`event:${String(event!['Type'])}`);
            log.expect(
              event!['status'] === event!['Action'],
              `the deprecated (not removed) status should be there at every API version: the ${description} should have status = Action, got ${JSON.stringify(event!['status'])} (API ${api})`,
            );
            log.expect(
              event!['id'] === actor?.['ID'],
              `the deprecated (not removed) id should be there at every API version: the ${description} should have id = Actor.ID, got ${JSON.stringify(event!['id'])} (API ${api})`,
            );
            if (event!['Type'] === 'container') {
              const image = objectAt(actor, 'Attributes')?.['image'];
              log.expect(
                event!['from'] === image,
                `the deprecated (not removed) from should be there at every API version: the ${description} should have from = Actor.Attributes.image (${JSON.stringify(image)}), got ${JSON.stringify(event!['from'])} (API ${api})`,
              );
            }
          }
        } finally {
          for (const id of made) await removeContainer(ctx, log, id);
        }
      },
      containerBudget(ctx, options),
      `API ${api}: events carry status, id and from`,
      [['tag', 'create+start']],
    ),
};
