import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'tap';

/** A client-faults file (ctrd-sim --client-faults) in a fresh directory that the test removes at its end. */
export function writeFaultsFile(t: Test, doc: unknown): { readonly dir: string; readonly file: string } {
  const dir = mkdtempSync('/tmp/ctc-cf-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'faults.json');
  writeFileSync(file, JSON.stringify(doc));
  return { dir, file };
}
