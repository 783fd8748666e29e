import { fileKeys } from '../../specs/config-schema.js';
import { DAEMON_OPTIONS } from '../../specs/options.js';
import { NotExercised, Violation } from './verdict.js';

/**
 * A start that should have served and did not, with the daemon's output: a check whose claim is
 * not about the options it set can tell a refusal of one of them from a failure of its own claim.
 */
export class StartViolation extends Violation {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

const documentedOptions = (): ReadonlySet<string> => new Set(DAEMON_OPTIONS.map((option) => option.name));
const documentedKeys = (): ReadonlySet<string> => new Set([...fileKeys().map((key) => key.key), ...DAEMON_OPTIONS.map((option) => option.name)]);

/**
 * The keys a refusal lists as directives that match no option, as a set (the real daemons list
 * them in Go map order); null when the output has no such list.
 */
export function unknownKeysIn(output: string): Set<string> | null {
  const match = /match any configuration option:?[ \t]*([^\n]*)/.exec(output);
  if (match === null) return null;
  const list = (match[1] ?? '').trim().replace(/\.$/, '');
  return new Set(list.split(/,\s*/).filter((k) => k !== ''));
}

/**
 * The documented item a daemon's output refuses as unknown, or the documented value it cannot
 * read, if any (but the rule's `own` items): an unknown flag that the document lists, a directive
 * of the document that "matches no configuration option", or the document's `unconfined` seccomp
 * profile read as a path.
 */
export function refusedDocumentedItem(output: string, own: readonly string[] = []): string | null {
  const flag = /unknown flag: --([a-z0-9-]+)/.exec(output)?.[1];
  if (flag !== undefined && documentedOptions().has(flag) && !own.includes(flag)) return `option --${flag}`;
  const keys = [...(unknownKeysIn(output) ?? [])].filter((key) => documentedKeys().has(key) && !own.includes(key));
  if (keys.length > 0) return `key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  if (/seccomp profile \(unconfined\)/.test(output)) return 'seccomp-profile value `unconfined`';
  return null;
}

/** The case did not exercise the claim: the daemon's output refused a documented item the case only set on the way. */
export function notExercisedFor(output: string, own: readonly string[] = []): void {
  const item = refusedDocumentedItem(output, own);
  if (item !== null) throw new NotExercised(`the target refused the documented ${item}, set on the way (config.cli.options and config.file.keys judge that)`);
}

/**
 * Runs a case of a rule whose claim is not about the documented options it sets: a start refused
 * for one of them (an unknown option or key of the document) did not exercise the claim; the rule
 * that documents the option judges that refusal.
 */
export async function incidentally<T>(work: () => Promise<T>, own: readonly string[] = []): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StartViolation) notExercisedFor(error.output, own);
    throw error;
  }
}
