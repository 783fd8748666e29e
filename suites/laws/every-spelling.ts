import fc from 'fast-check';
import { spellingsOf } from '../arbitraries/versions.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';

export type Resource = readonly [method: string, path: string];

export interface EverySpellingLaw {
  readonly rule: string;
  readonly applies?: RuleCheck['applies'];
  readonly resources: fc.Arbitrary<Resource>;
  /** What must hold for one spelling of the column's version and one resource. */
  readonly holds: (log: ExchangeLog, spelling: string, resource: Resource, ctx: SuiteContext, api: string) => Promise<void>;
  readonly summary: (api: string) => string;
}

/**
 * The per-version law most rules of this area share: for every spelling the daemon must treat as
 * the column's API version (zero-padded, with ".0" segments) and every resource, `holds`.
 */
export function everySpelling(law: EverySpellingLaw): RuleCheck {
  return {
    rule: law.rule,
    ...(law.applies === undefined ? {} : { applies: law.applies }),
    run: (ctx, api, options) =>
      checkProperty(
        fc.tuple(spellingsOf(api!), law.resources),
        ([spelling, resource]) => law.holds(new ExchangeLog(ctx.client), spelling, resource, ctx, api!),
        options,
        law.summary(api!),
      ),
  };
}
