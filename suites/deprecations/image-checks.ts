import { isDeepStrictEqual } from 'node:util';
import { isOlder } from '../../common/dotted-version.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import { containerBudget } from './container-checks.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { EMPTY_DEFAULT_FIELDS, EVERY_SETTING, expectedValue, imageSettings, type ImageSettings } from './arbitraries.js';
import { FULL_IMAGE_EXAMPLES, fullImageCase, NINE_KEPT, NONSTANDARD, SOURCES, THREE_WHEN_SET, withFullImage, type MadeImage } from './full-images.js';
import { withImage } from './configured-images.js';
import { at, getObject, objectAt } from './objects.js';
import { servedVersion } from './served.js';
import type { RuleId } from '../../specs/catalogue.js';

/** The empty-fields rule: a property over generated settings of the eight fields, judged at the cell's API version. */
function imageConfigCheck(
  rule: RuleId,
  summary: (api: string) => string,
  holds: (log: ExchangeLog, doc: Record<string, unknown>, api: string, settings: ImageSettings) => void,
): RuleCheck {
  return {
    rule,
    applies: servedVersion,
    documentedItems: () => EMPTY_DEFAULT_FIELDS.flatMap((field) => [`field:${field}:set`, `field:${field}:empty`]),
    run: (ctx, api, options) =>
      checkProperty(
        imageSettings,
        async (settings) => {
          for (const field of EMPTY_DEFAULT_FIELDS) options.coverage?.hit(`field:${field}:${settings[field] === undefined ? 'empty' : 'set'}`);
          const log = new ExchangeLog(ctx.client);
          await withImage(ctx, log, settings, `${rule.split('.').pop()!}-${api!.replace('.', '-')}`, async (ref) =>
            holds(log, await getObject(log, at(api!, `/images/${ref}/json`)), api!, settings),
          );
        },
        // Each case is an import (a layer on a real daemon): as many as a start-costly property.
        containerBudget(ctx, options),
        summary(api!),
        [{}, EVERY_SETTING],
      ),
  };
}

const CONTAINER_CONFIG_FROM = '1.45';
const NONSTANDARD_GONE_FROM = '1.50';
const EMPTY_OMITTED_FROM = '1.52';

/** The image-inspect rules judged on imported, loaded and committed images: a property over generated full configurations. */
function fullImageCheck(
  rule: RuleId,
  items: readonly string[],
  summary: (api: string) => string,
  holds: (log: ExchangeLog, doc: Record<string, unknown>, api: string, made: MadeImage, options: PropertyOptions) => void,
): RuleCheck {
  return {
    rule,
    applies: servedVersion,
    documentedItems: () => items,
    run: (ctx, api, options) =>
      checkProperty(
        fullImageCase,
        async (c) => {
          options.coverage?.hit(`source:${c.source}`);
          const log = new ExchangeLog(ctx.client);
          await withFullImage(ctx, log, c, `${rule.split('.').pop()!}-${api!.replace('.', '-')}`, async (made) =>
            holds(log, await getObject(log, at(api!, `/images/${made.ref}/json`)), api!, made, options),
          );
        },
        // Each case is a load, an import or a commit (a layer on a real daemon): as many as a start-costly property.
        containerBudget(ctx, options),
        summary(api!),
        FULL_IMAGE_EXAMPLES,
      ),
  };
}

const SOURCE_ITEMS = SOURCES.map((source) => `source:${source}`);

export const containerConfigCheck = fullImageCheck(
  'deprecated.image-inspect.container-config',
  [...SOURCE_ITEMS, 'field:Container:set', 'field:Container:empty'],
  (api) =>
    isOlder(api, CONTAINER_CONFIG_FROM)
      ? `API ${api}: Container and ContainerConfig are kept, with the image's values`
      : `API ${api}: neither Container nor ContainerConfig`,
  (log, doc, api, made, options) => {
    options.coverage?.hit(`field:Container:${made.container === '' ? 'empty' : 'set'}`);
    if (!isOlder(api, CONTAINER_CONFIG_FROM)) {
      const kept = ['Container', 'ContainerConfig'].filter((key) => key in doc);
      log.expect(
        kept.length === 0,
        `from API ${CONTAINER_CONFIG_FROM} image inspect should omit Container and ContainerConfig, got ${kept.join(' and ')} of an image whose Container is ${JSON.stringify(made.container)} (API ${api})`,
      );
      return;
    }
    const containerConfig = objectAt(doc, 'ContainerConfig');
    log.expect(
      containerConfig !== null,
      `below API ${CONTAINER_CONFIG_FROM} image inspect should keep ContainerConfig as an object, got ${JSON.stringify(doc['ContainerConfig'])} (API ${api})`,
    );
    // The other reading lets an empty Container be left out, as a Go field marked omitempty is.
    const mayOmit = options.reading === 'other' && made.container === '';
    if (!mayOmit || 'Container' in doc) {
      log.expect(
        doc['Container'] === made.container,
        `below API ${CONTAINER_CONFIG_FROM} image inspect should keep Container, ${JSON.stringify(made.container)}, got ${'Container' in doc ? JSON.stringify(doc['Container']) : 'no such key'} (API ${api})`,
      );
    }
    if (made.containerConfig !== null) {
      const kept = { Hostname: containerConfig?.['Hostname'], Cmd: containerConfig?.['Cmd'] };
      log.expect(
        isDeepStrictEqual(kept, made.containerConfig),
        `below API ${CONTAINER_CONFIG_FROM} ContainerConfig should keep the image's container configuration, ${JSON.stringify(made.containerConfig)}, got ${JSON.stringify(kept)} (API ${api})`,
      );
    }
  },
);

const fieldItems = (fields: readonly string[]): string[] => fields.flatMap((field) => [`field:${field}:set`, `field:${field}:empty`]);

export const nonstandardFieldsCheck = fullImageCheck(
  'deprecated.image-inspect.nonstandard-fields',
  [...SOURCE_ITEMS, ...fieldItems(NONSTANDARD)],
  (api) =>
    isOlder(api, NONSTANDARD_GONE_FROM)
      ? `API ${api}: Config keeps the nine fields and the three set ones, with their values`
      : `API ${api}: Config has none of the twelve fields`,
  (log, doc, api, made, options) => {
    const config = objectAt(doc, 'Config');
    log.expect(config !== null, `image inspect at API ${api} should have a Config object`);
    for (const field of NONSTANDARD) options.coverage?.hit(`field:${field}:${made.set[field] === undefined ? 'empty' : 'set'}`);
    if (!isOlder(api, NONSTANDARD_GONE_FROM)) {
      const kept = NONSTANDARD.filter((key) => key in config!);
      log.expect(
        kept.length === 0,
        `from API ${NONSTANDARD_GONE_FROM} Config should not have ${kept.join(', ')} (set: ${JSON.stringify(made.set)}; API ${api})`,
      );
      return;
    }
    for (const field of NINE_KEPT) {
      const expected = made.set[field] ?? (field === 'Hostname' || field === 'Domainname' || field === 'Image' ? '' : false);
      log.expect(
        field in config! && config![field] === expected,
        `below API ${NONSTANDARD_GONE_FROM} Config should keep ${field} as the image's configuration gives it, ${JSON.stringify(expected)}, got ${field in config! ? JSON.stringify(config![field]) : 'no such key'} (API ${api})`,
      );
    }
    for (const field of THREE_WHEN_SET) {
      const expected = made.set[field];
      if (expected === undefined)
        log.expect(
          !(field in config!),
          `below API ${NONSTANDARD_GONE_FROM} Config should omit ${field} when it is not set, got ${JSON.stringify(config![field])} (API ${api})`,
        );
      else
        log.expect(
          config![field] === expected,
          `below API ${NONSTANDARD_GONE_FROM} Config should keep the set ${field}, ${JSON.stringify(expected)}, got ${field in config! ? JSON.stringify(config![field]) : 'no such key'} (API ${api})`,
        );
    }
  },
);

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

export const emptyFieldsCheck = imageConfigCheck(
  'deprecated.image-inspect.empty-fields',
  (api) => (isOlder(api, EMPTY_OMITTED_FROM) ? `API ${api}: the eight fields are present, empty or set` : `API ${api}: only the set fields are present`),
  (log, doc, api, settings) => {
    const config = objectAt(doc, 'Config');
    log.expect(config !== null, `image inspect at API ${api} should have a Config object`);
    for (const field of EMPTY_DEFAULT_FIELDS) {
      const expected = expectedValue(settings, field);
      if (expected !== undefined) {
        log.expect(
          isDeepStrictEqual(config![field], expected),
          `Config.${field} should be ${JSON.stringify(expected)} as set at import, got ${JSON.stringify(config![field])} (API ${api})`,
        );
      } else if (isOlder(api, EMPTY_OMITTED_FROM)) {
        log.expect(
          field in config! && isEmpty(config![field]),
          `below API ${EMPTY_OMITTED_FROM} Config should keep the empty ${field}, got ${field in config! ? JSON.stringify(config![field]) : 'no such key'} (API ${api})`,
        );
      } else {
        log.expect(
          !(field in config!),
          `from API ${EMPTY_OMITTED_FROM} Config should omit the empty ${field}, got ${JSON.stringify(config![field])} (API ${api})`,
        );
      }
    }
  },
);
