/**
 * Whether two tar archives (bodies read as text) differ only in their headers' modification
 * times and the checksums those change: a save dates some entries when it is made (26.1's
 * index.json, 20.10's layer directories), so two daemons answering in different seconds write
 * different bytes for the same archive. Each differing character must fall in the mtime (136–147)
 * or checksum (148–155) field of a block that is a USTAR header ("ustar" at 257).
 */
const BLOCK = 512;
const MTIME_AND_CHECKSUM: readonly [number, number] = [136, 156];

const isHeader = (text: string, start: number): boolean => text.startsWith('ustar', start + 257);

export function differOnlyInTarTimes(a: string, b: string): boolean {
  if (a === b || a.length !== b.length || !isHeader(a, 0) || !isHeader(b, 0)) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const start = i - (i % BLOCK);
    const offset = i % BLOCK;
    if (!isHeader(a, start) || !isHeader(b, start) || offset < MTIME_AND_CHECKSUM[0] || offset >= MTIME_AND_CHECKSUM[1]) return false;
  }
  return true;
}
