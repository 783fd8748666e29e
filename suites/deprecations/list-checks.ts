import fc from 'fast-check';
import { isOlder } from '../../common/dotted-version.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import type { SuiteContext } from '../harness/context.js';
import { withImageTagged } from './configured-images.js';
import { at, jsonArray } from './objects.js';
import { servedVersion } from './served.js';
import { containerBudget } from './container-checks.js';

const FILTER_IGNORED_FROM = '1.41';

/** The forms of pattern the generator ranges over: each documented item of the filter rules. */
const FORMS = ['repo', 'repo:tag', 'prefix/*'] as const;

/**
 * Two images under repositories `ctc-<a>-<cell>/img` and `ctc-<b>-<cell>/img`, and a pattern
 * naming the first. The cell's API version is in the names: cells run concurrently, and no other
 * cell may add a tag the pattern matches between the lists this one compares.
 */
const listCase = (api: string, rule: string) =>
  fc
    .record({
      a: fc.constantFrom('fa', 'fb', 'fc'),
      b: fc.constantFrom('ga', 'gb'),
      tagA: fc.constantFrom('1', '2'),
      tagB: fc.constantFrom('1', '2'),
      form: fc.constantFrom(...FORMS),
    })
    .map((c) => {
      const cell = `${rule}v${api.replace(/\./g, '-')}`;
      const repoA = `ctc-${c.a}-${cell}`;
      const repoB = `ctc-${c.b}-${cell}`;
      return { ...c, repoA, repoB, pattern: c.form === 'repo' ? `${repoA}/img` : c.form === 'repo:tag' ? `${repoA}/img:${c.tagA}` : `${repoA}/*` };
    });

type ListCase = typeof listCase extends (api: string, rule: string) => fc.Arbitrary<infer T> ? T : never;

/** Whether a tag `repo:tag` matches the generated pattern as the reference filter does (path.Match on the name, or on name:tag). */
function matches(pattern: string, tag: string): boolean {
  const repo = tag.slice(0, tag.lastIndexOf(':'));
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return repo.startsWith(`${prefix}/`) && !repo.slice(prefix.length + 1).includes('/');
  }
  return pattern === repo || pattern === tag;
}

type Listed = ReadonlyMap<string, readonly string[]>;

/** GET <path>: image id → RepoTags. */
async function listAt(log: ExchangeLog, path: string): Promise<Listed> {
  const reply = await log.send('GET', path);
  const list = jsonArray(reply.body);
  log.expect(reply.status === 200 && list !== null, `GET ${path} should answer 200 with a list, got ${reply.status}`);
  return new Map(
    list!.map((image) => [String((image as Record<string, unknown>)['Id']), ((image as Record<string, unknown>)['RepoTags'] as string[] | null) ?? []]),
  );
}

const tagsOf = (listed: Listed): string[] => [...listed.values()].flat().sort();

const formItems = (): string[] => FORMS.map((form) => `form:${form}`);

/** One generated case: the three lists of the two repositories (by reference, by the former parameter, unfiltered). */
interface Lists {
  readonly log: ExchangeLog;
  readonly pattern: string;
  readonly expected: string[];
  readonly byReference: Listed;
  readonly byFilter: Listed;
  readonly all: Listed;
  /** This case's own repositories' tags of a list: other cells add images meanwhile. */
  readonly own: (listed: Listed) => string[];
}

/** Imports the case's two repositories, lists them three ways at the cell's version, then removes them. */
async function withLists(ctx: SuiteContext, api: string, c: ListCase, body: (lists: Lists) => void): Promise<void> {
  const log = new ExchangeLog(ctx.client);
  await withImageTagged(ctx, log, `${c.repoA}/img`, c.tagA, [`LABEL ctc.list=${c.a}`], () =>
    withImageTagged(ctx, log, `${c.repoB}/img`, c.tagB, [`LABEL ctc.list=${c.b}`], async () => {
      const byReference = await listAt(log, at(api, `/images/json?filters=${encodeURIComponent(JSON.stringify({ reference: [c.pattern] }))}`));
      const byFilter = await listAt(log, at(api, `/images/json?filter=${encodeURIComponent(c.pattern)}`));
      const all = await listAt(log, at(api, '/images/json'));
      const own = (listed: Listed): string[] => tagsOf(listed).filter((tag) => tag.startsWith(`${c.repoA}/`) || tag.startsWith(`${c.repoB}/`));
      body({ log, pattern: c.pattern, expected: tagsOf(all).filter((tag) => matches(c.pattern, tag)), byReference, byFilter, all, own });
    }),
  );
}

const same = (a: readonly string[], b: readonly string[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Every form once, whatever the seed: the generated cases are few (each is two imports). */
const formExamples = (api: string, rule: string): ListCase[] =>
  FORMS.map((form) => {
    const cell = `${rule}v${api.replace(/\./g, '-')}`;
    const repoA = `ctc-fa-${cell}`;
    return {
      a: 'fa',
      b: 'ga',
      tagA: '1',
      tagB: '2',
      form,
      repoA,
      repoB: `ctc-ga-${cell}`,
      pattern: form === 'repo' ? `${repoA}/img` : form === 'repo:tag' ? `${repoA}/img:1` : `${repoA}/*`,
    };
  });

export const filterParameterCheck: RuleCheck = {
  rule: 'deprecated.images-list.filter-parameter',
  applies: servedVersion,
  documentedItems: formItems,
  run: (ctx, api, options) =>
    checkProperty(
      listCase(api!, 'r'),
      async (c) => {
        options.coverage?.hit(`form:${c.form}`);
        await withLists(ctx, api!, c, ({ log, pattern, expected, byReference, byFilter, all, own }) => {
          log.expect(
            same(tagsOf(byReference), expected),
            `filters={"reference":["${pattern}"]} should list exactly ${JSON.stringify(expected)} at API ${api}, got ${JSON.stringify(tagsOf(byReference))}`,
          );
          log.expect(
            same(own(byFilter), own(all)),
            `the removed filter=${pattern} should filter nothing at any API version (removed in 20.10): the list should hold ${JSON.stringify(own(all))} of this case's repositories, got ${JSON.stringify(own(byFilter))} (API ${api})`,
          );
        });
      },
      containerBudget(ctx, options),
      `API ${api}: filter= filters nothing, the reference filter works`,
      formExamples(api!, 'r'),
    ),
};

export const filterLegacyFormCheck: RuleCheck = {
  rule: 'deprecated.images-list.filter-parameter.legacy-form',
  applies: servedVersion,
  documentedItems: formItems,
  run: (ctx, api, options) =>
    checkProperty(
      listCase(api!, 'l'),
      async (c) => {
        options.coverage?.hit(`form:${c.form}`);
        await withLists(ctx, api!, c, ({ log, pattern, expected, byFilter, all, own }) => {
          const ignored = same(own(byFilter), own(all));
          if (isOlder(api!, FILTER_IGNORED_FROM)) {
            log.expect(
              ignored || same(tagsOf(byFilter), expected),
              `below API ${FILTER_IGNORED_FROM} filter=${pattern} should list either as without it or exactly as the reference filter, ${JSON.stringify(expected)}; got ${JSON.stringify(tagsOf(byFilter))} (API ${api})`,
            );
          } else {
            log.expect(
              ignored,
              `from API ${FILTER_IGNORED_FROM} filter=${pattern} should be ignored: the list should hold ${JSON.stringify(own(all))} of this case's repositories, got ${JSON.stringify(own(byFilter))} (API ${api})`,
            );
          }
        });
      },
      containerBudget(ctx, options),
      isOlder(api!, FILTER_IGNORED_FROM) ? `API ${api}: filter= is taken, if at all, as a reference filter` : `API ${api}: filter= is ignored`,
      formExamples(api!, 'l'),
    ),
};
