import { isDeepStrictEqual } from 'node:util';
import { isOlder } from '../../common/dotted-version.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { EMPTY_DEFAULT_FIELDS, expectedValue, imageSettings, type ImageSettings } from './arbitraries.js';
import { withImage } from './configured-images.js';
import { at, getObject, objectAt } from './objects.js';
import { servedVersion } from './served.js';

/** The image-config rules: a property over generated settings, judged at the cell's API version. */
function imageConfigCheck(rule: string, summary: (api: string) => string, holds: (log: ExchangeLog, doc: Record<string, unknown>, api: string, settings: ImageSettings) => void): RuleCheck {
  return {
    rule,
    applies: servedVersion,
    run: (ctx, api, options) =>
      checkProperty(
        imageSettings,
        async (settings) => {
          const log = new ExchangeLog(ctx.client);
          await withImage(ctx, log, settings, `${rule.split('.').pop()!}-${api!.replace('.', '-')}`, async (ref) => holds(log, await getObject(log, at(api!, `/images/${ref}/json`)), api!, settings));
        },
        // Each case is an import (a layer on a real daemon): as many as a start-costly property.
        { ...options, numRuns: Math.min(options.numRuns, ctx.numStarts * 2) },
        summary(api!),
        [{}],
      ),
  };
}

const CONTAINER_CONFIG_FROM = '1.45';
const NONSTANDARD_GONE_FROM = '1.50';
const EMPTY_OMITTED_FROM = '1.52';
const NINE_KEPT = ['Hostname', 'Domainname', 'AttachStdin', 'AttachStdout', 'AttachStderr', 'Tty', 'OpenStdin', 'StdinOnce', 'Image'] as const;
const THREE_UNSET = ['NetworkDisabled', 'MacAddress', 'StopTimeout'] as const;

export const containerConfigCheck = imageConfigCheck(
  'deprecated.image-inspect.container-config',
  (api) => (isOlder(api, CONTAINER_CONFIG_FROM) ? `API ${api}: ContainerConfig is an object, Container absent or a string` : `API ${api}: neither Container nor ContainerConfig`),
  (log, doc, api) => {
    if (isOlder(api, CONTAINER_CONFIG_FROM)) {
      log.expect(objectAt(doc, 'ContainerConfig') !== null, `below API ${CONTAINER_CONFIG_FROM} image inspect should keep ContainerConfig as an object, got ${JSON.stringify(doc['ContainerConfig'])}`);
      log.expect(!('Container' in doc) || typeof doc['Container'] === 'string', `below API ${CONTAINER_CONFIG_FROM} Container should be a string when present, got ${JSON.stringify(doc['Container'])}`);
    } else {
      const kept = ['Container', 'ContainerConfig'].filter((key) => key in doc);
      log.expect(kept.length === 0, `from API ${CONTAINER_CONFIG_FROM} image inspect should omit Container and ContainerConfig, got ${kept.join(' and ')} at ${api}`);
    }
  },
);

export const nonstandardFieldsCheck = imageConfigCheck(
  'deprecated.image-inspect.nonstandard-fields',
  (api) => (isOlder(api, NONSTANDARD_GONE_FROM) ? `API ${api}: Config keeps the nine fields, without the three unset ones` : `API ${api}: Config has none of the twelve fields`),
  (log, doc, api) => {
    const config = objectAt(doc, 'Config');
    log.expect(config !== null, `image inspect at API ${api} should have a Config object`);
    if (isOlder(api, NONSTANDARD_GONE_FROM)) {
      const missing = NINE_KEPT.filter((key) => !(key in config!));
      log.expect(missing.length === 0, `below API ${NONSTANDARD_GONE_FROM} Config should keep ${missing.join(', ')} (API ${api})`);
      const unset = THREE_UNSET.filter((key) => key in config!);
      log.expect(unset.length === 0, `below API ${NONSTANDARD_GONE_FROM} Config should omit ${unset.join(', ')} when not set (API ${api})`);
    } else {
      const kept = [...NINE_KEPT, ...THREE_UNSET].filter((key) => key in config!);
      log.expect(kept.length === 0, `from API ${NONSTANDARD_GONE_FROM} Config should not have ${kept.join(', ')} (API ${api})`);
    }
  },
);

const isEmpty = (value: unknown): boolean =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

export const emptyFieldsCheck = imageConfigCheck(
  'deprecated.image-inspect.empty-fields',
  (api) => (isOlder(api, EMPTY_OMITTED_FROM) ? `API ${api}: the eight fields are present, empty or set` : `API ${api}: only the set fields are present`),
  (log, doc, api, settings) => {
    const config = objectAt(doc, 'Config');
    log.expect(config !== null, `image inspect at API ${api} should have a Config object`);
    for (const field of EMPTY_DEFAULT_FIELDS) {
      const expected = expectedValue(settings, field);
      if (expected !== undefined) {
        log.expect(isDeepStrictEqual(config![field], expected), `Config.${field} should be ${JSON.stringify(expected)} as set at import, got ${JSON.stringify(config![field])} (API ${api})`);
      } else if (isOlder(api, EMPTY_OMITTED_FROM)) {
        log.expect(field in config! && isEmpty(config![field]), `below API ${EMPTY_OMITTED_FROM} Config should keep the empty ${field}, got ${field in config! ? JSON.stringify(config![field]) : 'no such key'} (API ${api})`);
      } else {
        log.expect(!(field in config!), `from API ${EMPTY_OMITTED_FROM} Config should omit the empty ${field}, got ${JSON.stringify(config![field])} (API ${api})`);
      }
    }
  },
);

