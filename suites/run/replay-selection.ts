import { RunError } from './errors.js';

/** What a replay runs: the cells asked for, and whether the selection came from the transcript. */
export interface ReplaySelection {
  /** The `--only` entries to run; undefined: every cell. */
  readonly only: readonly string[] | undefined;
  /** The selection is the transcript's, not given on the command line. */
  readonly fromTranscript: boolean;
}

const flagsOf = (only: readonly string[]): string => only.map((entry) => `--only ${entry}`).join(' ');

/** "rule@none" names the one cell of a rule not tied to an API version, as "rule" does. */
const plain = (entry: string): string => entry.replace(/@none$/, '');

/**
 * Whether the recorded selection holds every cell of `entry` ("rule" holds "rule@api"; "rule@api"
 * does not hold "rule": which API versions the target has is not known before it answers).
 */
const holds = (recorded: readonly string[], entry: string): boolean =>
  recorded.map(plain).some((r) => r === plain(entry) || (!r.includes('@') && entry.startsWith(`${r}@`)));

/**
 * The selection of a replay. A transcript recorded with `--only` answers only the requests of
 * those cells: without `--only`, the replay runs that selection (any other cell's requests would
 * be errors of the recording, not of the daemon); an `--only` entry outside it is a RunError that
 * names the recorded selection. A transcript recorded without one replays any selection.
 */
export function replaySelection(transcript: string, recorded: readonly string[] | undefined, given: readonly string[] | undefined): ReplaySelection {
  if (recorded === undefined || recorded.length === 0) return { only: given, fromTranscript: false };
  if (given === undefined || given.length === 0) return { only: recorded, fromTranscript: true };
  const outside = given.filter((entry) => !holds(recorded, entry));
  if (outside.length > 0)
    throw new RunError(
      'RUN_OPTIONS',
      `${flagsOf(outside)}: the transcript ${transcript} was recorded with ${flagsOf(recorded)} and holds no other cell (replay without --only to run that selection, or record the cells again)`,
    );
  return { only: given, fromTranscript: false };
}
