import fc from 'fast-check';
import { stateIn } from '../../common/lifecycle.js';
import {
  DEPRECATIONS,
  DOCUMENT_RELEASE,
  REMOVED_DAEMON_OPTIONS,
  REMOVED_LOG_OPTIONS,
  REMOVED_STORAGE_DRIVERS,
  REMOVED_STORAGE_OPTIONS,
} from '../../specs/deprecations.js';
import { expectRefused } from '../harness/start-and-inspect.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable } from '../harness/verdict.js';
import type { StartRequest } from '../targets/target.js';
import { word } from './arbitraries.js';

type Placement = { readonly via: 'flag' | 'file' | 'storage-driver' | 'log-option' | 'storage-option'; readonly name: string; readonly driver?: string };

/** Every way to ask for an option or driver whose row the lifecycle puts in the state Removed in `release`. */
export function removedPlacementsIn(release: string): Placement[] {
  const removed = new Set(DEPRECATIONS.filter((row) => stateIn(row, release, DOCUMENT_RELEASE) === 'removed').map((row) => row.id));
  return [
    ...REMOVED_DAEMON_OPTIONS.filter((option) => removed.has(option.row)).flatMap((option) => [
      ...(option.flag === undefined ? [] : [{ via: 'flag' as const, name: option.flag }]),
      ...(option.fileKey === undefined ? [] : [{ via: 'file' as const, name: option.fileKey }]),
    ]),
    ...REMOVED_STORAGE_DRIVERS.filter((driver) => removed.has(driver.row)).map((driver) => ({ via: 'storage-driver' as const, name: driver.driver })),
    ...REMOVED_LOG_OPTIONS.filter((option) => removed.has(option.row)).map((option) => ({
      via: 'log-option' as const,
      name: option.option,
      driver: option.driver,
    })),
    ...REMOVED_STORAGE_OPTIONS.filter((option) => removed.has(option.row)).map((option) => ({
      via: 'storage-option' as const,
      name: option.option,
      driver: option.driver,
    })),
  ];
}

function requestFor({ via, name, driver }: Placement, value: string): StartRequest {
  switch (via) {
    case 'flag':
      return { args: [`--${name}=${value}`] };
    case 'file':
      return { config: { [name]: value } };
    case 'storage-driver':
      return { args: [`--storage-driver=${name}`] };
    case 'log-option':
      return { args: [`--log-driver=${driver!}`, '--log-opt', `${name}=${value}`] };
    case 'storage-option':
      return { args: [`--storage-driver=${driver!}`, '--storage-opt', `${name}=true`] };
  }
}

const DESCRIBE: Readonly<Record<Placement['via'], (p: Placement) => string>> = {
  flag: (p) => `--${p.name}`,
  file: (p) => `"${p.name}" in the configuration file`,
  'storage-driver': (p) => `the storage driver ${p.name}`,
  'log-option': (p) => `log option ${p.name} of the ${p.driver!} driver`,
  'storage-option': (p) => `storage option ${p.name} of ${p.driver!}`,
};
const describePlacement = (p: Placement): string => DESCRIBE[p.via](p);

const itemOf = (p: Placement): string => `${p.via}:${p.name}`;

export const removedOptionsCheck: RuleCheck = {
  rule: 'deprecated.options.removed-refused',
  documentedItems: (ctx) => (ctx.release === null ? [] : removedPlacementsIn(ctx.release.release).map(itemOf)),
  run(ctx, _api, options) {
    const release = ctx.release!.release;
    const placements = removedPlacementsIn(release);
    if (placements.length === 0) return Promise.resolve(notApplicable(`no daemon option of the catalogue is removed in ${release}`));
    return checkProperty(
      fc.record({ placement: fc.constantFrom(...placements), value: word }),
      async ({ placement, value }) => {
        options.coverage?.hit(itemOf(placement));
        await expectRefused(ctx, requestFor(placement, value), [placement.name], `${release}: the removed ${describePlacement(placement)}`);
      },
      // Every way to ask is tried once (the examples come first and count): the rule speaks of each removed option.
      { ...options, numRuns: placements.length },
      `${release}: every removed option and driver (${placements.length} ways to ask) is refused naming it`,
      placements.map((placement) => ({ placement, value: 'ctc' })),
    );
  },
};
