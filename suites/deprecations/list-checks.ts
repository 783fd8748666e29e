import fc from 'fast-check';
import { isOlder } from '../../common/dotted-version.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { withImageTagged } from './configured-images.js';
import { at, jsonArray } from './objects.js';
import { servedVersion } from './served.js';
import { containerBudget } from './container-checks.js';

const FILTER_IGNORED_FROM = '1.41';

/**
 * Two images under repositories `ctc-<a>-<cell>/img` and `ctc-<b>-<cell>/img`, and a pattern
 * naming the first. The cell's API version is in the names: cells run concurrently, and no other
 * cell may add a tag the pattern matches between the lists this one compares.
 */
const listCase = (api: string) => fc
  .record({
    a: fc.constantFrom('fa', 'fb', 'fc'),
    b: fc.constantFrom('ga', 'gb'),
    tagA: fc.constantFrom('1', '2'),
    tagB: fc.constantFrom('1', '2'),
    form: fc.constantFrom('repo', 'repo:tag', 'prefix/*'),
  })
  .map((c) => {
    const cell = `v${api.replace(/\./g, '-')}`;
    const repoA = `ctc-${c.a}-${cell}`;
    const repoB = `ctc-${c.b}-${cell}`;
    return { ...c, repoA, repoB, pattern: c.form === 'repo' ? `${repoA}/img` : c.form === 'repo:tag' ? `${repoA}/img:${c.tagA}` : `${repoA}/*` };
  });

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
  return new Map(list!.map((image) => [String((image as Record<string, unknown>)['Id']), ((image as Record<string, unknown>)['RepoTags'] as string[] | null) ?? []]));
}

const tagsOf = (listed: Listed): string[] => [...listed.values()].flat().sort();

export const filterParameterCheck: RuleCheck = {
  rule: 'deprecated.images-list.filter-parameter',
  applies: servedVersion,
  run: (ctx, api, options) =>
    checkProperty(
      listCase(api!),
      async ({ a, b, tagA, tagB, repoA, repoB, pattern }) => {
        const log = new ExchangeLog(ctx.client);
        await withImageTagged(ctx, log, `${repoA}/img`, tagA, [`LABEL ctc.list=${a}`], () =>
          withImageTagged(ctx, log, `${repoB}/img`, tagB, [`LABEL ctc.list=${b}`], async () => {
            const byReference = await listAt(log, at(api!, `/images/json?filters=${encodeURIComponent(JSON.stringify({ reference: [pattern] }))}`));
            const byFilter = await listAt(log, at(api!, `/images/json?filter=${encodeURIComponent(pattern)}`));
            const all = await listAt(log, at(api!, '/images/json'));
            const expected = tagsOf(all).filter((tag) => matches(pattern, tag));
            log.expect(JSON.stringify(tagsOf(byReference)) === JSON.stringify(expected), `filters={"reference":["${pattern}"]} should list exactly ${JSON.stringify(expected)} at API ${api}, got ${JSON.stringify(tagsOf(byReference))}`);
            if (isOlder(api!, FILTER_IGNORED_FROM)) {
              log.expect(JSON.stringify(tagsOf(byFilter)) === JSON.stringify(expected), `below API ${FILTER_IGNORED_FROM} filter=${pattern} should list like the reference filter, ${JSON.stringify(expected)}, got ${JSON.stringify(tagsOf(byFilter))} (API ${api})`);
            } else {
              // Other cells add images meanwhile: this cell's own repositories must all be there, as in the whole list.
              const own = (listed: Listed): string[] => tagsOf(listed).filter((tag) => tag.startsWith(`${repoA}/`) || tag.startsWith(`${repoB}/`));
              log.expect(JSON.stringify(own(byFilter)) === JSON.stringify(own(all)), `from API ${FILTER_IGNORED_FROM} filter=${pattern} should be ignored: the list should hold ${JSON.stringify(own(all))} of this case's repositories, got ${JSON.stringify(own(byFilter))} (API ${api})`);
            }
          }),
        );
      },
      containerBudget(ctx, options),
      isOlder(api!, FILTER_IGNORED_FROM) ? `API ${api}: filter= and the reference filter list the same tags` : `API ${api}: filter= is ignored, the reference filter works`,
    ),
};
