import { provisionedDaemons, type ProvisionedDaemon } from '../../suites/targets/provisioned-daemons.js';

/** The dockerd releases scripts/provision-daemons.sh placed on this machine, or why there are none. */
export function realDaemons(): { daemons: ProvisionedDaemon[]; missing: string | null } {
  const { daemons, problems } = provisionedDaemons();
  return problems.length > 0 ? { daemons: [], missing: problems.join('; ') } : { daemons, missing: null };
}

/** In CI a missing real daemon is a failure; elsewhere a skip with a visible reason. */
export const inCI = (): boolean => process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';
