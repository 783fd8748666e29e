import fc from 'fast-check';
import { stateIn } from '../../common/lifecycle.js';
import { DEPRECATIONS, DOCUMENT_RELEASE, REMOVED_DAEMON_OPTIONS, REMOVED_STORAGE_DRIVERS } from '../../specs/deprecations.js';
import { expectRefused } from '../daemon-config/start-and-inspect.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable } from '../harness/verdict.js';
import type { StartRequest } from '../targets/target.js';
import { word } from './arbitraries.js';

type Placement = { readonly via: 'flag' | 'file' | 'storage-driver'; readonly name: string };

/** Every way to ask for an option or driver whose row the lifecycle puts in the state Removed in `release`. */
export function removedPlacementsIn(release: string): Placement[] {
  const removed = new Set(DEPRECATIONS.filter((row) => stateIn(row, release, DOCUMENT_RELEASE) === 'removed').map((row) => row.id));
  return [
    ...REMOVED_DAEMON_OPTIONS.filter((option) => removed.has(option.row)).flatMap((option) => [
      ...(option.flag === undefined ? [] : [{ via: 'flag' as const, name: option.flag }]),
      ...(option.fileKey === undefined ? [] : [{ via: 'file' as const, name: option.fileKey }]),
    ]),
    ...REMOVED_STORAGE_DRIVERS.filter((driver) => removed.has(driver.row)).map((driver) => ({ via: 'storage-driver' as const, name: driver.driver })),
  ];
}

const requestFor = ({ via, name }: Placement, value: string): StartRequest =>
  via === 'flag' ? { args: [`--${name}=${value}`] } : via === 'file' ? { config: { [name]: value } } : { args: [`--storage-driver=${name}`] };

const describePlacement = ({ via, name }: Placement): string => (via === 'flag' ? `--${name}` : via === 'file' ? `"${name}" in the configuration file` : `the storage driver ${name}`);

export const removedOptionsCheck: RuleCheck = {
  rule: 'deprecated.options.removed-refused',
  run(ctx, _api, options) {
    const release = ctx.release!.release;
    const placements = removedPlacementsIn(release);
    if (placements.length === 0) return Promise.resolve(notApplicable(`no daemon option of the catalogue is removed in ${release}`));
    return checkProperty(
      fc.record({ placement: fc.constantFrom(...placements), value: word }),
      async ({ placement, value }) => {
        await expectRefused(ctx, requestFor(placement, value), [placement.name], `${release}: the removed ${describePlacement(placement)}`);
      },
      { ...options, numRuns: Math.min(ctx.numStarts * 2, placements.length) },
      `${release}: every removed option and driver (${placements.length} ways to ask) is refused naming it`,
      placements.map((placement) => ({ placement, value: 'ctc' })),
    );
  },
};
