import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { goParsePrefix, type NetipPrefix } from '../../engine/go-netip.js';
import { goAtoi, goQuote } from '../../engine/go-strconv.js';
import { masked, prefixText } from '../../engine/networks/ipam.js';
import type { TextCheck } from './decode.js';
import type { AddressPoolSetting } from './settings.js';

/**
 * The daemon's default address pools (`--default-address-pool base=<cidr>,size=<n>`, the file's
 * `default-address-pools`): how each release reads them, refuses them at start and shows them in
 * GET /info. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07).
 */

/**
 * From it (moby's defaultipam) a pool's base is a netip.Prefix: the flag parses it as it is set,
 * the file's decoder as it reads it, and the network controller refuses a pool without a base or
 * size ("not in canonical form") and shows the base masked; before, the base is text that the
 * controller parses (net.ParseCIDR) and /info shows as given.
 */
export const POOL_PREFIXES_FROM = '27.0';

/** From it PoolsOpt.Set's refusal of a size quotes the flag's whole value (moby's strings.Cut rewrite, 24.0; observed 20.10.24 and 26.1.5). */
const SIZE_QUOTES_VALUE_FROM = '24.0';

const prefixPools = (release: DaemonRelease): boolean => !isOlder(release.release, POOL_PREFIXES_FROM);

/**
 * Go's encoding/csv reading one record of `value` (what PoolsOpt.Set does first): its fields, or
 * the reader's error ("parse error on line 1, column N: …", N the 1-based place of a bare quote,
 * of a quoted field's closing quote that something other than a comma follows, or just past the end
 * of one never closed; "EOF" for nothing). Observed on 20.10.24 and 29.7.2.
 */
export function readCsvRecord(value: string): readonly string[] | { readonly error: string } {
  if (value === '') return { error: 'EOF' };
  const chars = Array.from(value);
  const parseError = (column: number, what: string) => ({ error: `parse error on line 1, column ${column}: ${what}` });
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (chars[at] !== '"') {
      let end = chars.indexOf(',', at);
      if (end < 0) end = chars.length;
      const quote = chars.slice(at, end).indexOf('"');
      if (quote >= 0) return parseError(at + quote + 1, 'bare " in non-quoted-field');
      fields.push(chars.slice(at, end).join(''));
      if (end === chars.length) return fields;
      at = end + 1;
      continue;
    }
    let field = '';
    for (at += 1; ; ) {
      const quote = chars.indexOf('"', at);
      if (quote < 0) return parseError(chars.length + 1, 'extraneous or missing " in quoted-field');
      field += chars.slice(at, quote).join('');
      const next = chars[quote + 1];
      if (next === '"') {
        field += '"';
        at = quote + 2;
        continue;
      }
      if (next === undefined) {
        fields.push(field);
        return fields;
      }
      if (next !== ',') return parseError(quote + 1, 'extraneous or missing " in quoted-field');
      fields.push(field);
      at = quote + 2;
      break;
    }
  }
}

/** A pool as PoolsOpt.Set takes it from the flag's value, or the words of its refusal. */
export function parsePoolFlag(value: string, release: DaemonRelease): AddressPoolSetting | { readonly error: string } {
  const fields = readCsvRecord(value);
  if ('error' in fields) return fields;
  let base = '';
  let size = 0;
  for (const field of fields) {
    // 20.10 lowercases key and value apart; later releases the whole field: the same text.
    const lowered = field.toLowerCase();
    const cut = lowered.indexOf('=');
    if (cut < 0) return { error: `invalid field '${field}' must be a key=value pair` };
    const key = lowered.slice(0, cut);
    const text = lowered.slice(cut + 1);
    if (key === 'base') {
      if (prefixPools(release)) {
        const parsed = goParsePrefix(text);
        if ('error' in parsed) return { error: `invalid base prefix ${goQuote(text)}: ${parsed.error}` };
      }
      base = text;
    } else if (key === 'size') {
      const parsed = goAtoi(text);
      // Before SIZE_QUOTES_VALUE_FROM the message quotes the size it read, from it the whole value.
      if ('error' in parsed)
        return { error: `invalid size value: ${goQuote(isOlder(release.release, SIZE_QUOTES_VALUE_FROM) ? text : value)} (must be integer): ${parsed.error}` };
      size = Number(parsed.value);
    } else return { error: `unexpected key '${key}' in '${field}'` };
  }
  return { base, size };
}

/** The decoder's check of a pool's base (netip.Prefix's UnmarshalText, from POOL_PREFIXES_FROM; a string before). */
export function poolBaseCheck(release: DaemonRelease): TextCheck {
  if (!prefixPools(release)) return () => null;
  return (key, below, value) => {
    if (key !== 'default-address-pools' || below.at(-1) !== 'base') return null;
    const parsed = goParsePrefix(value);
    return 'error' in parsed ? parsed.error : null;
  };
}

/** Go's %v of a *NetworkToSplit: `&{10.0.0.0/8 24}`, an unset base "invalid Prefix". */
const goValueOf = (pool: AddressPoolSetting): string => `&{${pool.base === '' ? 'invalid Prefix' : pool.base} ${pool.size}}`;

/** A base as the pools hold it from POOL_PREFIXES_FROM: masked (splitByIPFamily), IPv6 in netip's lowercase. */
const maskedBase = (base: string): NetipPrefix | null => {
  const parsed = goParsePrefix(base);
  return 'error' in parsed ? null : masked(parsed);
};

/**
 * The network controller's refusal of the configured pools as the daemon starts (after
 * "Error initializing network controller: error obtaining controller instance: "), or null: before
 * POOL_PREFIXES_FROM ipamutils' split (each base a CIDR, each size positive and no shorter than
 * it); from it defaultipam's (each pool with a base and a size, the size no shorter than the base).
 */
export function poolStartProblem(pools: readonly AddressPoolSetting[], release: DaemonRelease): string | null {
  for (const [index, pool] of pools.entries()) {
    const base = goParsePrefix(pool.base);
    if (!prefixPools(release)) {
      if ('error' in base) return `invalid base pool ${goQuote(pool.base)}: invalid CIDR address: ${pool.base}`;
      if (pool.size <= 0 || pool.size < base.length) return `invalid pools size: ${pool.size}`;
      continue;
    }
    if ('error' in base || pool.size === 0)
      return `could not construct local address space: network at index ${index} (${goValueOf(pool)}) is not in canonical form`;
    if (base.length > pool.size)
      return `could not construct local address space: network at index ${index} (${goValueOf(pool)}) has a smaller prefix (/${base.length}) than the target size of that pool (/${pool.size})`;
  }
  return null;
}

/** GET /info's DefaultAddressPools (omitted when none is configured): from POOL_PREFIXES_FROM each base masked and in netip's form. */
export function infoAddressPools(pools: readonly AddressPoolSetting[], release: DaemonRelease): { Base: string; Size: number }[] | undefined {
  if (pools.length === 0) return undefined;
  return pools.map((pool) => {
    const base = prefixPools(release) ? maskedBase(pool.base) : null;
    return { Base: base === null ? pool.base : prefixText(base), Size: pool.size };
  });
}

/** The pools as the allocator splits them: each base masked, with the size of its subnets. */
export interface PoolToSplit {
  readonly base: NetipPrefix;
  readonly size: number;
}

/** The configured pools the allocator splits (the start refused any it cannot). */
export function poolsToSplit(pools: readonly AddressPoolSetting[]): PoolToSplit[] {
  return pools.flatMap((pool) => {
    const base = maskedBase(pool.base);
    return base === null ? [] : [{ base, size: pool.size }];
  });
}
