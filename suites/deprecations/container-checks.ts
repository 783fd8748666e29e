import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { isOlder } from '../../common/dotted-version.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { HttpReply } from '../http/client.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { HOST_CONFIG_EXAMPLE, HOST_CONFIG_KEYS, hostConfigBody } from './arbitraries.js';
import { parseJsonObject } from '../laws/expect.js';
import { at, getObject, objectAt, setupPath, withContainer } from './objects.js';
import { servedVersion } from './served.js';
import type { RuleId } from '../../specs/catalogue.js';
import { matching } from '../arbitraries/matching.js';

const KERNEL_MEMORY_IGNORED_FROM = '1.42';
const START_BODY_REFUSED_FROM = '1.24';
const DNS_NAMES_SINCE_RELEASE = '25.0';
export const START_BODY_REFUSAL = 'starting container with non-empty request body was deprecated since API v1.22 and removed in v1.24';
const TOP_LEVEL = ['EndpointID', 'Gateway', 'GlobalIPv6Address', 'GlobalIPv6PrefixLen', 'IPAddress', 'IPPrefixLen', 'IPv6Gateway', 'MacAddress'] as const;

/**
 * Every case creates and removes a container or an image, which costs a real daemon a layer and
 * its bookkeeping (≈0.3 s; an image loaded into Podman's vfs store, seconds): as many cases per
 * cell as a start-costly property, and as many again to shrink a failure (unbounded, shrinking the
 * failing cells of one rule on Podman 5.4 took 115 s where finding them took 4).
 */
export const containerBudget = (ctx: SuiteContext, options: PropertyOptions): PropertyOptions => ({
  ...options,
  numRuns: Math.min(options.numRuns, ctx.numStarts * 2),
  shrinkSteps: ctx.numStarts * 8,
});

/** The catalogue's removal release of the kernel memory limit: the other reading ignores it there at every API version. */
const KERNEL_MEMORY_REMOVED_IN = '23.0';

export const kernelMemoryCheck: RuleCheck = {
  rule: 'deprecated.kernel-memory',
  applies: servedVersion,
  run(ctx, api, options) {
    const release = ctx.release?.release;
    const removedRelease = options.reading === 'other' && release !== undefined && !isOlder(release, KERNEL_MEMORY_REMOVED_IN);
    const ignored = !isOlder(api!, KERNEL_MEMORY_IGNORED_FROM) || removedRelease;
    const why = removedRelease
      ? `the option is removed in ${KERNEL_MEMORY_REMOVED_IN} (other reading)`
      : `API ${KERNEL_MEMORY_IGNORED_FROM} and later ignore it`;
    return checkProperty(
      fc.integer({ min: 6, max: 1024 }).map((mib) => mib * 1024 * 1024),
      async (limit) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: api!, hostConfig: { KernelMemory: limit } }, async (id) => {
          const kept = objectAt(await getObject(log, at(api!, `/containers/${id}/json`)), 'HostConfig')?.['KernelMemory'];
          if (!ignored)
            log.expect(
              kept === limit,
              `below API ${KERNEL_MEMORY_IGNORED_FROM} a create with KernelMemory ${limit} should keep it, inspect shows ${JSON.stringify(kept)} (API ${api})`,
            );
          else
            log.expect(
              kept === undefined || kept === 0,
              `KernelMemory ${limit} should be ignored (${why}), inspect shows ${JSON.stringify(kept)} (API ${api})`,
            );
        });
      },
      containerBudget(ctx, options),
      ignored ? `API ${api}: the kernel memory limit is ignored` : `API ${api}: the kernel memory limit is kept`,
    );
  },
};

/** Starts a fresh container at the cell's version with a generated host-configuration body; `judge` reads the answer and the inspect after it. */
function startWithBody(
  rule: RuleId,
  summary: (api: string) => string,
  judge: (log: ExchangeLog, api: string, body: Readonly<Record<string, unknown>>, reply: HttpReply, doc: Record<string, unknown>) => void,
): RuleCheck {
  return {
    rule,
    applies: servedVersion,
    documentedItems: () => HOST_CONFIG_KEYS.map((key) => `body:${key}`),
    run: (ctx, api, options) =>
      checkProperty(
        hostConfigBody,
        async (body) => {
          for (const key of Object.keys(body)) options.coverage?.hit(`body:${key}`);
          const log = new ExchangeLog(ctx.client);
          await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
            const reply = await log.send('POST', at(api!, `/containers/${id}/start`), { json: body });
            judge(log, api!, body, reply, await getObject(log, setupPath(ctx, `/containers/${id}/json`)));
          });
        },
        containerBudget(ctx, options),
        summary(api!),
        [HOST_CONFIG_EXAMPLE],
      ),
  };
}

export const startHostConfigCheck = startWithBody(
  'deprecated.container-start.host-config',
  (api) => `API ${api}: a start body does not become the host configuration`,
  (log, api, body, reply, doc) => {
    const hostConfig = objectAt(doc, 'HostConfig');
    const taken = Object.entries(body).filter(([key, value]) => isDeepStrictEqual(hostConfig?.[key], value));
    log.expect(
      taken.length === 0,
      `the removed start body should not become the host configuration at any API version, but inspect shows ${taken.map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')} after a start answered ${reply.status} (API ${api})`,
    );
  },
);

export const startRefusalCheck = startWithBody(
  'deprecated.container-start.host-config.refusal',
  (api) => `API ${api}: a start body is refused with 400 and the removal message`,
  (log, api, _body, reply, doc) => {
    const message = parseJsonObject(reply.body)?.['message'];
    log.expect(
      reply.status === 400,
      `from API ${START_BODY_REFUSED_FROM} a start with a host-configuration body should be refused with 400, got ${reply.status} (API ${api})`,
    );
    log.expect(message === START_BODY_REFUSAL, `the refusal should read ${JSON.stringify(START_BODY_REFUSAL)}, got ${JSON.stringify(message)}`);
    const status = objectAt(doc, 'State')?.['Status'];
    log.expect(status === 'created', `a refused start should leave the container "created", it is ${JSON.stringify(status)}`);
  },
);
/**
 * Paths of the base image (image-tarball.ts) and their tar entry names: small ones only, so that
 * every answer fits a transcript whole (the busybox binary, 2 MB, is there to be run, not copied).
 */
const IMAGE_FILES = [
  { path: '/etc/hostname', entry: 'hostname' },
  { path: '/etc/ctc-release', entry: 'ctc-release' },
] as const;
const IMAGE_PATHS = [...IMAGE_FILES, { path: '/bin/sh', entry: 'sh' }, { path: '/etc', entry: 'etc/' }] as const;
const imagePath = fc.constantFrom(...IMAGE_PATHS);
/** /copy of a directory tars its content without the directory (20.10.24), which the document does not describe: files only. */
const imageFile = fc.constantFrom(...IMAGE_FILES);
const missingPath = matching(/^[a-z]{1,8}$/).map((w) => `/ctc-missing/${w}`);

/** Whether a body is a tar whose first entry is `entry` (the name field, then "ustar" at 257). */
const tarStartingWith = (body: string, entry: string): boolean => body.startsWith(`${entry}\0`) && body.slice(257, 262) === 'ustar';

export const copyRemovedCheck: RuleCheck = {
  rule: 'deprecated.container-copy.removed',
  applies: servedVersion,
  documentedItems: () => IMAGE_FILES.map(({ path }) => `resource:${path}`),
  run: (ctx, api, options) =>
    checkProperty(
      imageFile,
      async ({ path, entry }) => {
        options.coverage?.hit(`resource:${path}`);
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
          const reply = await log.send('POST', at(api!, `/containers/${id}/copy`), { json: { Resource: path } });
          log.expect(reply.status === 404, `the removed POST /containers/{id}/copy should be 404 at every API version, got ${reply.status} (API ${api})`);
          log.expect(!tarStartingWith(reply.body, entry), `the removed /copy should copy nothing, but the answer is a tar of ${path} (API ${api})`);
        });
      },
      containerBudget(ctx, options),
      `API ${api}: /copy is gone (404)`,
      [...IMAGE_FILES],
    ),
};

/** The stat header of an archive answer, decoded; null when absent or not base64 JSON. */
function pathStat(header: string | undefined): Record<string, unknown> | null {
  return header === undefined ? null : parseJsonObject(Buffer.from(header, 'base64').toString('utf8'));
}

/** What each generated archive path is: the documented items of the /archive rule. */
const pathKind = (path: string, exists: boolean): string =>
  !exists ? 'path:missing' : path === '/etc' ? 'path:directory' : path === '/bin/sh' ? 'path:symlink' : 'path:file';

export const archiveServedCheck: RuleCheck = {
  rule: 'deprecated.container-archive.served',
  applies: servedVersion,
  documentedItems: () => ['path:file', 'path:symlink', 'path:directory', 'path:missing'],
  run: (ctx, api, options) =>
    checkProperty(
      fc.oneof(
        imagePath.map((p) => ({ ...p, exists: true as const })),
        missingPath.map((path) => ({ path, entry: '', exists: false as const })),
      ),
      async ({ path, entry, exists }) => {
        options.coverage?.hit(pathKind(path, exists));
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
          const query = `/containers/${id}/archive?path=${encodeURIComponent(path)}`;
          const head = await log.send('HEAD', at(api!, query));
          if (!exists) {
            log.expect(head.status === 404, `HEAD archive of a path the container lacks (${path}) should be 404, got ${head.status} (API ${api})`);
            const got = await log.send('GET', at(api!, query));
            log.expect(got.status === 404, `GET archive of a path the container lacks (${path}) should be 404, got ${got.status} (API ${api})`);
            return;
          }
          const stat = pathStat(head.headers['x-docker-container-path-stat']);
          const base = path.slice(path.lastIndexOf('/') + 1);
          log.expect(head.status === 200, `HEAD archive of ${path} should be 200, got ${head.status} (API ${api})`);
          log.expect(stat !== null && stat['name'] === base, `X-Docker-Container-Path-Stat should describe ${base}, got ${JSON.stringify(stat)}`);
          log.expect(
            typeof stat!['size'] === 'number' &&
              typeof stat!['mode'] === 'number' &&
              typeof stat!['mtime'] === 'string' &&
              typeof stat!['linkTarget'] === 'string',
            `the path stat should have size, mode, mtime and linkTarget, got ${JSON.stringify(stat)}`,
          );
          const got = await log.send('GET', at(api!, query));
          log.expect(
            got.status === 200 && tarStartingWith(got.body, entry),
            `GET archive of ${path} should answer a tar starting at ${entry}, got ${got.status} (API ${api})`,
          );
        });
      },
      containerBudget(ctx, options),
      `API ${api}: /archive serves paths and their stat`,
      // One of each kind (the examples count in the cell's few cases): a file, the symlink, the directory, a missing path.
      [
        ...IMAGE_PATHS.filter((p) => p.path !== '/etc/ctc-release').map((p) => ({ ...p, exists: true as const })),
        { path: '/ctc-missing/a', entry: '', exists: false as const },
      ],
    ),
};

/** A container on the network none, inspected at the cell's version. */
async function networkSettingsAt(log: ExchangeLog, api: string, id: string): Promise<Record<string, unknown>> {
  const settings = objectAt(await getObject(log, at(api, `/containers/${id}/json`)), 'NetworkSettings');
  log.expect(settings !== null, `container inspect at API ${api} should have a NetworkSettings object`);
  return settings!;
}

export const networkTopLevelCheck: RuleCheck = {
  rule: 'deprecated.network-settings.top-level',
  applies: servedVersion,
  documentedItems: () => TOP_LEVEL.map((field) => `field:${field}`),
  run: (ctx, api, options) =>
    checkProperty(
      fc.shuffledSubarray([...TOP_LEVEL], { minLength: 1 }),
      async (fields) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
          const settings = await networkSettingsAt(log, api!, id);
          for (const field of fields) {
            options.coverage?.hit(`field:${field}`);
            log.expect(field in settings, `NetworkSettings should still have the deprecated ${field} at API ${api}`);
          }
        });
      },
      containerBudget(ctx, options),
      `API ${api}: the eight deprecated keys are still there`,
      [[...TOP_LEVEL]],
    ),
};

export const dnsNamesCheck: RuleCheck = {
  rule: 'deprecated.network.dns-names',
  applies: servedVersion,
  run(ctx, api, options) {
    const release = ctx.release!.release;
    const expected = !isOlder(release, DNS_NAMES_SINCE_RELEASE);
    return checkProperty(
      matching(/^[a-z][a-z0-9]{0,11}$/),
      async (hostname) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax, extra: { Hostname: hostname } }, async (id) => {
          // Networks is in the answer from API 1.21: below, no endpoint has DNSNames either.
          const endpoint = objectAt(objectAt(await networkSettingsAt(log, api!, id), 'Networks'), 'none');
          log.expect(endpoint !== null || !expected, `NetworkSettings.Networks should have the endpoint "none" at API ${api}`);
          log.expect(
            (endpoint !== null && 'DNSNames' in endpoint) === expected,
            `release ${release}: the endpoint settings should ${expected ? '' : 'not '}have DNSNames (added in ${DNS_NAMES_SINCE_RELEASE}), at API ${api}`,
          );
        });
      },
      containerBudget(ctx, options),
      `API ${api} on ${release}: endpoint settings ${expected ? 'have' : 'lack'} DNSNames`,
    );
  },
};

export const CONTAINER_CHECKS: readonly RuleCheck[] = [
  kernelMemoryCheck,
  startHostConfigCheck,
  startRefusalCheck,
  copyRemovedCheck,
  archiveServedCheck,
  networkTopLevelCheck,
  dnsNamesCheck,
];
