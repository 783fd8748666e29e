import fc from 'fast-check';
import { spellingsOf } from '../arbitraries/versions.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import type { RuleId } from '../../specs/catalogue.js';

export type Resource = readonly [method: string, path: string];

export interface EverySpellingLaw {
  readonly rule: RuleId;
  readonly applies?: RuleCheck['applies'];
  /** The resources asked for: a fixed list (each one a documented item every run reaches), or generated paths. */
  readonly resources: readonly Resource[] | fc.Arbitrary<Resource>;
  /** What must hold for one spelling of the column's version and one resource. */
  readonly holds: (log: ExchangeLog, spelling: string, resource: Resource, ctx: SuiteContext, api: string) => Promise<void>;
  readonly summary: (api: string) => string;
}

/** The ways to write a version the daemon must treat as the same one (`/v<api_version>/` as written, and the spellings the reading adds). */
export const SPELLING_FORMS = ['spelling:canonical', 'spelling:zero-padded-major', 'spelling:zero-padded-minor', 'spelling:trailing-zero'] as const;

/** Which forms a spelling of `version` uses. */
export function spellingForms(spelling: string, version: string): string[] {
  if (spelling === version) return ['spelling:canonical'];
  const [major = '', minor = '', ...rest] = spelling.split('.');
  const forms: string[] = [];
  if (major.length > 1 && major.startsWith('0')) forms.push('spelling:zero-padded-major');
  if (minor.length > 1 && minor.startsWith('0')) forms.push('spelling:zero-padded-minor');
  if (rest.length > 0) forms.push('spelling:trailing-zero');
  return forms;
}

/** One spelling of `version` with every non-canonical form at once ("1.44" → "01.044.0"). */
const everyForm = (version: string): string => {
  const [major = '1', minor = '0'] = version.split('.');
  return `0${major}.0${minor}.0`;
};

const resourceItem = ([method, path]: Resource): string => `${method} ${path}`;

/**
 * The per-version law most rules of this area share: for every spelling the daemon must treat as
 * the column's API version (zero-padded, with ".0" segments) and every resource, `holds`. Every
 * run tries each listed resource at the canonical spelling and once with every other form, so
 * the coverage figure names them all.
 */
export function everySpelling(law: EverySpellingLaw): RuleCheck {
  const listed = Array.isArray(law.resources) ? (law.resources as readonly Resource[]) : null;
  const resources = listed === null ? (law.resources as fc.Arbitrary<Resource>) : fc.constantFrom(...listed);
  return {
    rule: law.rule,
    ...(law.applies === undefined ? {} : { applies: law.applies }),
    ...(listed === null ? {} : { documentedItems: () => [...SPELLING_FORMS, ...listed.map(resourceItem)] }),
    run: (ctx, api, options) =>
      checkProperty<[string, Resource]>(
        fc.tuple(spellingsOf(api!), resources),
        ([spelling, resource]) => {
          for (const form of spellingForms(spelling, api!)) options.coverage?.hit(form);
          options.coverage?.hit(resourceItem(resource));
          return law.holds(new ExchangeLog(ctx.client), spelling, resource, ctx, api!);
        },
        options,
        law.summary(api!),
        listed === null ? [] : [...listed.map((resource): [string, Resource] => [api!, resource]), [everyForm(api!), listed[0]!]],
      ),
  };
}
