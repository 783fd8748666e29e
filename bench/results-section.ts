import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'RESULTS.md');

/** bench/RESULTS.md as it stands, and where the section headed `heading` starts and the next one starts (-1: none). */
function sectionBounds(heading: string): { readonly text: string; readonly at: number; readonly next: number } {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const at = text.indexOf(heading);
  return { text, at, next: at < 0 ? -1 : text.indexOf('\n## ', at + heading.length) };
}

/** The hand-written section, which stays last: a new section goes before it. */
const BY_HAND = '\n## Measured outside';

/** Replaces one `## ` section of bench/RESULTS.md (from its heading to the next), or adds it before the hand-written one (or at the end). */
export function writeResultsSection(heading: string, lines: readonly string[]): void {
  const { text, at, next } = sectionBounds(heading);
  const byHand = text.indexOf(BY_HAND);
  if (at < 0 && byHand >= 0) {
    writeFileSync(RESULTS_FILE, `${text.slice(0, byHand).trimEnd()}\n\n${lines.join('\n').trimEnd()}\n${text.slice(byHand)}`);
    return;
  }
  const before = (at < 0 ? text : text.slice(0, at)).trimEnd();
  const after = next < 0 ? '' : text.slice(next).trimStart();
  writeFileSync(RESULTS_FILE, `${before}\n\n${lines.join('\n').trimEnd()}\n${after === '' ? '' : `\n${after}`}`);
}

/**
 * The sections of bench/RESULTS.md after the one headed `heading` (from the next `## ` on), as they
 * stand: those the other benchmark scripts write, which a rewrite of the sections before them keeps.
 */
export function sectionsAfter(heading: string): string {
  const { text, next } = sectionBounds(heading);
  return next < 0 ? '' : text.slice(next + 1).trimEnd();
}
