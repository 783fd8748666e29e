import type { Frame } from './profile-model.js';

/**
 * runtime/pprof's legacy text forms (debug=1): a record's count and program counters, then its
 * frames as `#\t<pc>\t<function>+<offset>\t<file>:<line>`, aligned by Go's text/tabwriter (minimum
 * width 1, tab width 8, padding 1, padded with tabs). ctrd-sim's frames get program counters of
 * their own, the same for the same frame within one answer.
 */

/** A stack as text: its program counters, one per frame. */
export class FrameAddresses {
  private readonly known = new Map<string, string>();

  of(frame: Frame): string {
    const key = `${frame.functionName}\u0000${frame.file}\u0000${frame.line}`;
    let address = this.known.get(key);
    if (address === undefined) {
      address = `0x${(0x1001 + this.known.size).toString(16)}`;
      this.known.set(key, address);
    }
    return address;
  }
}

const runeLength = (text: string): number => [...text].length;

/**
 * Rows of cells, every cell but a row's last ended by a tab, aligned as Go's tabwriter aligns a
 * block of lines with the same cells: each column padded with tabs to its widest cell plus one,
 * rounded up to 8.
 */
function tabAligned(rows: readonly (readonly string[])[]): string {
  const columns = Math.max(0, ...rows.map((row) => row.length - 1));
  const widths = Array.from(
    { length: columns },
    (_, j) => Math.ceil(Math.max(...rows.map((row) => (j < row.length - 1 ? runeLength(row[j]!) + 1 : 0))) / 8) * 8,
  );
  const padded = (cell: string, j: number): string => `${cell}${'\t'.repeat(Math.ceil((widths[j]! - runeLength(cell)) / 8))}`;
  return rows.map((row) => `${row.map((cell, j) => (j < row.length - 1 ? padded(cell, j) : cell)).join('')}\n`).join('');
}

/** One record: its head (`3 @` or `1: 24 [1: 24] @`) with the program counters, its frames, a blank line. */
export function stackRecord(head: string, stack: readonly Frame[], addresses: FrameAddresses): string {
  if (stack.length === 0) return `${head}\n#\t0x0\n\n`;
  const pcs = stack.map((frame) => ` ${addresses.of(frame)}`).join('');
  const frames = tabAligned(stack.map((frame) => ['#', addresses.of(frame), `${frame.functionName}+0x0`, `${frame.file}:${frame.line}`]));
  return `${head}${pcs}\n${frames}\n`;
}

/** A count profile (goroutine, threadcreate): `<name> profile: total <n>`, then its records, the largest first. */
export function countProfileText(name: string, records: readonly { readonly count: number; readonly stack: readonly Frame[] }[]): string {
  const addresses = new FrameAddresses();
  const total = records.reduce((sum, record) => sum + record.count, 0);
  const sorted = [...records].sort((a, b) => b.count - a.count);
  return `${name} profile: total ${total}\n${sorted.map((record) => stackRecord(`${record.count} @`, record.stack, addresses)).join('')}`;
}

/** runtime.Stack's form of a goroutine (goroutine?debug=2): its header, then each call and where it stands. */
export const goroutineStackText = (id: number, stack: readonly Frame[]): string =>
  `goroutine ${id} [running]:\n${stack.map((frame) => `${frame.functionName}(...)\n\t${frame.file}:${frame.line} +0x0\n`).join('')}\n`;

/** Go's %v of a float64 (strconv 'g', shortest): an exponent of two digits at least below 1e-4 and from 1e21. */
export function goFloatText(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent >= -4 && exponent < 21) return String(value);
  const [mantissa, power] = value.toExponential().split('e') as [string, string];
  const digits = power.replace(/^[+-]/, '');
  return `${mantissa}e${power.startsWith('-') ? '-' : '+'}${digits.padStart(2, '0')}`;
}
