import type { TestableRuleId } from '../../specs/catalogue.js';
import { SimError } from '../errors.js';
import { FaultSet } from '../faults/fault-set.js';
import { isFaultId } from '../faults/registry.js';
import type { ParsedFlags } from './flags/argv.js';
import { flag } from './flags/options.js';
import type { ConfigSources } from './file/sources.js';

/**
 * The faults asked for with `--fault <rule-id>` (repeatable) and `--faults-file FILE` (one rule
 * id per line, `#` starts a comment). A name that is not a testable rule is a usage error. With
 * `--fault-trace FILE`, the set notes which faults the code asks about (simulator/faults/fault-set.ts).
 */
export function resolveFaults(flags: ParsedFlags, sources: ConfigSources): ReadonlySet<TestableRuleId> {
  const named: [id: string, from: string][] = (flag(flags, 'fault') ?? []).map((id) => [id, '--fault']);
  const file = flag(flags, 'faults-file');
  if (file !== undefined) {
    let text: string | null;
    try {
      text = sources.readFile(file);
    } catch (error) {
      throw new SimError('SIM_USAGE', `invalid argument "${file}" for "--faults-file" flag: ${(error as Error).message}`);
    }
    if (text === null) throw new SimError('SIM_USAGE', `invalid argument "${file}" for "--faults-file" flag: open ${file}: no such file or directory`);
    for (const line of text.split('\n')) {
      const id = line.replace(/#.*/, '').trim();
      if (id !== '') named.push([id, '--faults-file']);
    }
  }
  const faults = new FaultSet<TestableRuleId>([], flag(flags, 'fault-trace'));
  for (const [id, from] of named) {
    if (!isFaultId(id)) throw new SimError('SIM_USAGE', `invalid argument "${id}" for "${from}" flag: no testable rule with that id has a fault`);
    faults.add(id);
  }
  return faults;
}
