import type { ClientFaultsSource } from '../client-faults/source.js';
import { SimError } from '../errors.js';
import type { ParsedFlags } from './flags/argv.js';
import { flag } from './flags/options.js';
import type { ConfigSources } from './file/sources.js';

/**
 * `--client-faults FILE` and `--client-faults-seed N`: the file is read now (a missing one is a
 * usage error); it is parsed and validated as the simulator starts (daemon/start.ts), so that its
 * validator is loaded only by a simulator that has such a file.
 */
export function resolveClientFaults(flags: ParsedFlags, sources: ConfigSources): ClientFaultsSource | null {
  const file = flag(flags, 'client-faults');
  const seedFlag = flag(flags, 'client-faults-seed') ?? null;
  if (file === undefined) {
    if (seedFlag !== null) throw new SimError('SIM_USAGE', '--client-faults-seed needs --client-faults FILE');
    return null;
  }
  let text: string | null;
  try {
    text = sources.readFile(file);
  } catch (error) {
    throw new SimError('SIM_USAGE', `invalid argument "${file}" for "--client-faults" flag: ${(error as Error).message}`);
  }
  if (text === null) throw new SimError('SIM_USAGE', `invalid argument "${file}" for "--client-faults" flag: open ${file}: no such file or directory`);
  return Object.freeze({ file, text, seedFlag });
}
