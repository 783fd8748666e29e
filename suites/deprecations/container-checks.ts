import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { isNewer, isOlder } from '../../common/dotted-version.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { hostConfigBody } from './arbitraries.js';
import { parseJsonObject } from '../versioning/expect.js';
import { at, getObject, objectAt, setupPath, withContainer } from './objects.js';
import { servedVersion } from './served.js';

const KERNEL_MEMORY_IGNORED_FROM = '1.42';
const START_BODY_REFUSED_FROM = '1.24';
const COPY_REMOVED_FROM = '1.24';
const DNS_NAMES_SINCE_RELEASE = '25.0';
export const START_BODY_REFUSAL = 'starting container with non-empty request body was deprecated since API v1.22 and removed in v1.24';
const TOP_LEVEL = ['EndpointID', 'Gateway', 'GlobalIPv6Address', 'GlobalIPv6PrefixLen', 'IPAddress', 'IPPrefixLen', 'IPv6Gateway', 'MacAddress'] as const;

/**
 * Every case creates and removes a container, which costs a real daemon a layer and its
 * bookkeeping (≈0.3 s): as many cases per cell as a start-costly property.
 */
export const containerBudget = (ctx: SuiteContext, options: PropertyOptions): PropertyOptions => ({ ...options, numRuns: Math.min(options.numRuns, ctx.numStarts * 2) });

export const kernelMemoryCheck: RuleCheck = {
  rule: 'deprecated.kernel-memory',
  applies: servedVersion,
  run: (ctx, api, options) =>
    checkProperty(
      fc.integer({ min: 6, max: 1024 }).map((mib) => mib * 1024 * 1024),
      async (limit) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: api!, hostConfig: { KernelMemory: limit } }, async (id) => {
          const kept = objectAt(await getObject(log, at(api!, `/containers/${id}/json`)), 'HostConfig')?.['KernelMemory'];
          if (isOlder(api!, KERNEL_MEMORY_IGNORED_FROM)) log.expect(kept === limit, `below API ${KERNEL_MEMORY_IGNORED_FROM} a create with KernelMemory ${limit} should keep it, inspect shows ${JSON.stringify(kept)} (API ${api})`);
          else log.expect(kept === undefined || kept === 0, `from API ${KERNEL_MEMORY_IGNORED_FROM} KernelMemory ${limit} should be ignored, inspect shows ${JSON.stringify(kept)} (API ${api})`);
        });
      },
      containerBudget(ctx, options),
      isOlder(api!, KERNEL_MEMORY_IGNORED_FROM) ? `API ${api}: the kernel memory limit is kept` : `API ${api}: the kernel memory limit is ignored`,
    ),
};

export const startHostConfigCheck: RuleCheck = {
  rule: 'deprecated.container-start.host-config',
  applies: servedVersion,
  run: (ctx, api, options) =>
    checkProperty(
      hostConfigBody,
      async (body) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
          const reply = await log.send('POST', at(api!, `/containers/${id}/start`), { json: body });
          const doc = await getObject(log, setupPath(ctx, `/containers/${id}/json`));
          if (!isOlder(api!, START_BODY_REFUSED_FROM)) {
            const message = parseJsonObject(reply.body)?.['message'];
            log.expect(reply.status === 400, `from API ${START_BODY_REFUSED_FROM} a start with a host-configuration body should be refused with 400, got ${reply.status} (API ${api})`);
            log.expect(message === START_BODY_REFUSAL, `the refusal should read ${JSON.stringify(START_BODY_REFUSAL)}, got ${JSON.stringify(message)}`);
            const status = objectAt(doc, 'State')?.['Status'];
            log.expect(status === 'created', `a refused start should leave the container "created", it is ${JSON.stringify(status)}`);
          } else {
            log.expect(!reply.body.includes(START_BODY_REFUSAL), `below API ${START_BODY_REFUSED_FROM} a host-configuration body should be taken, got ${reply.status} ${reply.body.trim()} (API ${api})`);
            const hostConfig = objectAt(doc, 'HostConfig');
            const differing = Object.entries(body).filter(([key, value]) => !isDeepStrictEqual(hostConfig?.[key], value));
            log.expect(differing.length === 0, `below API ${START_BODY_REFUSED_FROM} the start body should become the host configuration: ${differing.map(([k, v]) => `${k} ${JSON.stringify(v)} → ${JSON.stringify(hostConfig?.[k])}`).join(', ')} (API ${api})`);
          }
        });
      },
      containerBudget(ctx, options),
      isOlder(api!, START_BODY_REFUSED_FROM) ? `API ${api}: the start body is the host configuration` : `API ${api}: a start body is refused as documented`,
    ),
};

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
const missingPath = fc.stringMatching(/^[a-z]{1,8}$/).map((w) => `/ctc-missing/${w}`);

/** Whether a body is a tar whose first entry is `entry` (the name field, then "ustar" at 257). */
const tarStartingWith = (body: string, entry: string): boolean => body.startsWith(`${entry}\0`) && body.slice(257, 262) === 'ustar';

/** The newest release observed to still copy below API 1.24; 23.0 and 24.0 were not observed. */
const LAST_RELEASE_WITH_COPY = '20.10';

export const copyRemovedCheck: RuleCheck = {
  rule: 'deprecated.container-copy.removed',
  applies(ctx, api) {
    const unserved = servedVersion(ctx, api);
    if (unserved !== null) return unserved;
    const release = ctx.release?.release;
    if (isOlder(api!, COPY_REMOVED_FROM) && release !== undefined && isNewer(release, LAST_RELEASE_WITH_COPY)) return `below API ${COPY_REMOVED_FROM} on ${release}: whether the release still had the endpoint was not observed (20.10 had it, 26.1 did not)`;
    return null;
  },
  run: (ctx, api, options) =>
    checkProperty(
      imageFile,
      async ({ path, entry }) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
          const reply = await log.send('POST', at(api!, `/containers/${id}/copy`), { json: { Resource: path } });
          if (isOlder(api!, COPY_REMOVED_FROM)) {
            log.expect(reply.status === 200 && tarStartingWith(reply.body, entry), `below API ${COPY_REMOVED_FROM} /copy of ${path} should answer 200 with a tar starting at ${entry}, got ${reply.status} (API ${api})`);
          } else {
            log.expect(reply.status === 404, `from API ${COPY_REMOVED_FROM} POST /containers/{id}/copy should be 404, got ${reply.status} (API ${api})`);
            log.expect(!tarStartingWith(reply.body, entry), `from API ${COPY_REMOVED_FROM} /copy should copy nothing, but the answer is a tar of ${path}`);
          }
        });
      },
      containerBudget(ctx, options),
      isOlder(api!, COPY_REMOVED_FROM) ? `API ${api}: /copy still copies` : `API ${api}: /copy is gone (404)`,
    ),
};

/** The stat header of an archive answer, decoded; null when absent or not base64 JSON. */
function pathStat(header: string | undefined): Record<string, unknown> | null {
  return header === undefined ? null : parseJsonObject(Buffer.from(header, 'base64').toString('utf8'));
}

export const archiveServedCheck: RuleCheck = {
  rule: 'deprecated.container-archive.served',
  applies: servedVersion,
  run: (ctx, api, options) =>
    checkProperty(
      fc.oneof(imagePath.map((p) => ({ ...p, exists: true as const })), missingPath.map((path) => ({ path, entry: '', exists: false as const }))),
      async ({ path, entry, exists }) => {
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
          log.expect(typeof stat!['size'] === 'number' && typeof stat!['mode'] === 'number' && typeof stat!['mtime'] === 'string' && typeof stat!['linkTarget'] === 'string', `the path stat should have size, mode, mtime and linkTarget, got ${JSON.stringify(stat)}`);
          const got = await log.send('GET', at(api!, query));
          log.expect(got.status === 200 && tarStartingWith(got.body, entry), `GET archive of ${path} should answer a tar starting at ${entry}, got ${got.status} (API ${api})`);
        });
      },
      containerBudget(ctx, options),
      `API ${api}: /archive serves paths and their stat`,
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
  run: (ctx, api, options) =>
    checkProperty(
      fc.constantFrom(...TOP_LEVEL),
      async (field) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax }, async (id) => {
          const settings = await networkSettingsAt(log, api!, id);
          log.expect(field in settings, `NetworkSettings should still have the deprecated ${field} at API ${api}`);
        });
      },
      containerBudget(ctx, options),
      `API ${api}: the eight deprecated keys are still there`,
    ),
};

export const dnsNamesCheck: RuleCheck = {
  rule: 'deprecated.network.dns-names',
  applies: servedVersion,
  run(ctx, api, options) {
    const release = ctx.release!.release;
    const expected = !isOlder(release, DNS_NAMES_SINCE_RELEASE);
    return checkProperty(
      fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/),
      async (hostname) => {
        const log = new ExchangeLog(ctx.client);
        await withContainer(ctx, log, { api: ctx.expectedMax, extra: { Hostname: hostname } }, async (id) => {
          // Networks is in the answer from API 1.21: below, no endpoint has DNSNames either.
          const endpoint = objectAt(objectAt(await networkSettingsAt(log, api!, id), 'Networks'), 'none');
          log.expect(endpoint !== null || !expected, `NetworkSettings.Networks should have the endpoint "none" at API ${api}`);
          log.expect((endpoint !== null && 'DNSNames' in endpoint) === expected, `release ${release}: the endpoint settings should ${expected ? '' : 'not '}have DNSNames (added in ${DNS_NAMES_SINCE_RELEASE}), at API ${api}`);
        });
      },
      containerBudget(ctx, options),
      `API ${api} on ${release}: endpoint settings ${expected ? 'have' : 'lack'} DNSNames`,
    );
  },
};

export const CONTAINER_CHECKS: readonly RuleCheck[] = [kernelMemoryCheck, startHostConfigCheck, copyRemovedCheck, archiveServedCheck, networkTopLevelCheck, dnsNamesCheck];
