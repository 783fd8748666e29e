import type { UlimitSetting } from './settings.js';

/** The limit names the client's `--ulimit` knows (go-units). */
export const ULIMIT_NAMES: readonly string[] = [
  'core',
  'cpu',
  'data',
  'fsize',
  'locks',
  'memlock',
  'msgqueue',
  'nice',
  'nofile',
  'nproc',
  'rss',
  'rtprio',
  'rttime',
  'sigpending',
  'stack',
];

/** `name=soft[:hard]` as the client's `--ulimit` parses it, or why not. */
export function parseUlimit(value: string): UlimitSetting | string {
  const at = value.indexOf('=');
  if (at < 0) return `invalid ulimit argument: ${value}`;
  const name = value.slice(0, at);
  if (!ULIMIT_NAMES.includes(name)) return `invalid ulimit type: ${name}`;
  const parts = value.slice(at + 1).split(':');
  if (parts.length > 2) return `too many limit value arguments - ${value.slice(at + 1)}, can only have up to two, \`soft[:hard]\``;
  const numbers = parts.map((part) => (/^-?\d+$/.test(part) ? Number(part) : NaN));
  if (numbers.some((n) => Number.isNaN(n))) return `invalid ulimit value: ${value.slice(at + 1)}`;
  const soft = numbers[0]!;
  const hard = numbers[1] ?? soft;
  if (soft > hard) return `ulimit soft limit must be less than or equal to hard limit: ${soft} > ${hard}`;
  return { Name: name, Soft: soft, Hard: hard };
}
