/** Go's time.ParseDuration units, in nanoseconds. */
const DURATION_UNITS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const MAX_DURATION = 2n ** 63n;

/**
 * The time package's own quote (not strconv's): printable ASCII kept, `"` and `\\` escaped, and
 * every byte of a character below a space or beyond ASCII written as \xNN.
 */
export function timeQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x80 || code < 0x20) {
      // A lone surrogate is no UTF-8: Go has U+FFFD's three bytes there.
      const bytes = Buffer.from(code >= 0xd800 && code <= 0xdfff ? '\ufffd' : char, 'utf8');
      for (const byte of bytes) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    } else out += char === '"' || char === '\\' ? `\\${char}` : char;
  }
  return `${out}"`;
}

/**
 * Go's time.ParseDuration: a signed sequence of decimal numbers, each with a unit ("1h30m",
 * "-1.5h", "0"), in nanoseconds, or Go's error in its words and order (a number too long is an
 * invalid duration before its unit is read).
 */
export function goParseDurationOrError(text: string): { readonly value: bigint } | { readonly error: string } {
  const invalid = { error: `time: invalid duration ${timeQuote(text)}` };
  let rest = text;
  let negative = false;
  if (rest[0] === '-' || rest[0] === '+') {
    negative = rest[0] === '-';
    rest = rest.slice(1);
  }
  if (rest === '0') return { value: 0n };
  if (rest === '') return invalid;
  let total = 0n;
  while (rest !== '') {
    const number = /^([0-9]*)(?:\.([0-9]*))?/.exec(rest)!;
    const [whole = '', fraction] = [number[1], number[2]];
    if (whole === '' && (fraction === undefined || fraction === '')) return invalid;
    const integer = whole === '' ? 0n : BigInt(whole);
    // Go's leadingInt gives up past 1<<63.
    if (integer > MAX_DURATION) return invalid;
    rest = rest.slice(number[0].length);
    const unitText = /^[^0-9.]*/.exec(rest)![0];
    if (unitText === '') return { error: `time: missing unit in duration ${timeQuote(text)}` };
    const unit = DURATION_UNITS[unitText];
    if (unit === undefined) return { error: `time: unknown unit ${timeQuote(unitText)} in duration ${timeQuote(text)}` };
    rest = rest.slice(unitText.length);
    if (integer > MAX_DURATION / unit) return invalid;
    let value = integer * unit;
    if (fraction !== undefined && fraction !== '') {
      // Go's leadingFraction keeps digits while they fit in an int64, then adds f·unit/scale as a float64.
      let f = 0n;
      let scale = 1;
      for (const digit of fraction) {
        if (f > (MAX_DURATION - 1n) / 10n) break;
        f = f * 10n + BigInt(digit);
        scale *= 10;
      }
      value += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (value > MAX_DURATION) return invalid;
    }
    total += value;
    if (total > MAX_DURATION) return invalid;
  }
  if (!negative && total > MAX_DURATION - 1n) return invalid;
  return { value: negative ? -total : total };
}

/** Go's time.ParseDuration without its words: null where Go answers an error (moby falls through to other readings). */
export function goParseDuration(text: string): bigint | null {
  const parsed = goParseDurationOrError(text);
  return 'value' in parsed ? parsed.value : null;
}

/** The layout elements the timestamps moby reads are made of. */
type Element = '2006' | '01' | '02' | '15' | '04' | '05' | '.999999999' | 'Z07:00';
const ELEMENTS: readonly Element[] = ['2006', '.999999999', 'Z07:00', '01', '02', '15', '04', '05'];

/** A layout as Go's nextStdChunk walks it: each element with the literal text before it, then the literal text left. */
function chunks(layout: string): { readonly chunks: readonly { readonly prefix: string; readonly element: Element }[]; readonly tail: string } {
  const out: { prefix: string; element: Element }[] = [];
  let prefix = '';
  let rest = layout;
  while (rest !== '') {
    const element = ELEMENTS.find((e) => rest.startsWith(e));
    if (element === undefined) {
      prefix += rest[0];
      rest = rest.slice(1);
      continue;
    }
    out.push({ prefix, element });
    prefix = '';
    rest = rest.slice(element.length);
  }
  return { chunks: out, tail: prefix };
}

const isDigit = (text: string, at: number): boolean => at < text.length && text[at]! >= '0' && text[at]! <= '9';

/** Go's getnum: one or two digits (two when `fixed`). */
function getnum(text: string, fixed: boolean): readonly [number, string] | null {
  if (!isDigit(text, 0)) return null;
  if (!isDigit(text, 1)) return fixed ? null : [Number(text[0]), text.slice(1)];
  return [Number(text.slice(0, 2)), text.slice(2)];
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (month: number, year: number): number => (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Go's time.Parse (or ParseInLocation, at `offsetSeconds` east of UTC, for a layout without a
 * zone) of the layouts moby's timestamps use: the time in nanoseconds since the epoch, or Go's
 * error words ("cannot parse … as …", "… out of range", "extra text"). `olderGo`: the Go of 20.10
 * (observed on 20.10.24), which names what is left after an element it took in part (a year's
 * four characters, a zone's six), checks no zone offset's range, and takes at most nine digits of
 * a fraction.
 */
export function goParseTime(layout: string, value: string, offsetSeconds: number, olderGo = false): { readonly nanos: bigint } | { readonly error: string } {
  const cannot = (rest: string, element: string) => ({
    error: `parsing time ${timeQuote(value)} as ${timeQuote(layout)}: cannot parse ${timeQuote(rest)} as ${timeQuote(element)}`,
  });
  const outOfRange = (what: string) => ({ error: `parsing time ${timeQuote(value)}: ${what} out of range` });
  let rest = value;
  let [year, month, day, hour, minute, second] = [0, 1, 1, 0, 0, 0];
  let nanos = 0;
  let zone: number | null = null;
  const walk = chunks(layout);
  for (const [index, { prefix, element }] of walk.chunks.entries()) {
    for (const char of prefix) {
      if (rest[0] !== char) return cannot(rest, prefix);
      rest = rest.slice(1);
    }
    const hold = rest;
    const fail = () => cannot(hold, element);
    switch (element) {
      case '2006': {
        if (rest.length < 4 || !isDigit(rest, 0)) return fail();
        if (!/^[0-9]{4}$/.test(rest.slice(0, 4))) return olderGo ? cannot(rest.slice(4), element) : fail();
        year = Number(rest.slice(0, 4));
        rest = rest.slice(4);
        break;
      }
      case '01':
      case '02':
      case '15':
      case '04':
      case '05': {
        const read = getnum(rest, element !== '15');
        if (read === null) return fail();
        rest = read[1];
        const n = read[0];
        if (element === '01') {
          if (n <= 0 || n > 12) return outOfRange('month');
          month = n;
        } else if (element === '02') day = n;
        else if (element === '15') {
          if (n >= 24) return outOfRange('hour');
          hour = n;
        } else if (element === '04') {
          if (n >= 60) return outOfRange('minute');
          minute = n;
        } else {
          if (n >= 60) return outOfRange('second');
          second = n;
          // A fraction the layout does not ask for is read all the same (Go's stdSecond).
          const fractionNext = walk.chunks[index + 1]?.element === '.999999999';
          if (!fractionNext && /^[.,][0-9]/.test(rest)) {
            let end = 2;
            while (isDigit(rest, end)) end++;
            nanos = Number(rest.slice(1, Math.min(end, 10)).padEnd(9, '0'));
            rest = rest.slice(end);
          }
        }
        break;
      }
      case '.999999999': {
        if (rest.length < 2 || (rest[0] !== '.' && rest[0] !== ',') || !isDigit(rest, 1)) break;
        let end = 1;
        while (isDigit(rest, end) && !(olderGo && end > 9)) end++;
        nanos = Number(rest.slice(1, Math.min(end, 10)).padEnd(9, '0'));
        rest = rest.slice(end);
        break;
      }
      case 'Z07:00': {
        if (rest[0] === 'Z') {
          zone = 0;
          rest = rest.slice(1);
          break;
        }
        if (rest.length < 6 || rest[3] !== ':') return fail();
        const hours = getnum(rest.slice(1, 3), true);
        const minutes = hours === null ? null : getnum(rest.slice(4, 6), true);
        const sign = rest[0];
        rest = rest.slice(6);
        const bad = () => (olderGo ? cannot(rest, element) : fail());
        if (hours === null || minutes === null) return bad();
        // Go keeps the last range fault, then the sign's.
        if (!olderGo && minutes[0] > 60) return outOfRange('time zone offset minute');
        if (!olderGo && hours[0] > 24) return outOfRange('time zone offset hour');
        if (sign !== '+' && sign !== '-') return bad();
        zone = (sign === '-' ? -1 : 1) * (hours[0] * 60 + minutes[0]) * 60;
        break;
      }
    }
  }
  for (const char of walk.tail) {
    if (rest[0] !== char) return cannot(rest, walk.tail);
    rest = rest.slice(1);
  }
  if (rest !== '') return { error: `parsing time ${timeQuote(value)}: extra text: ${timeQuote(rest)}` };
  if (day < 1 || day > daysIn(month, year)) return outOfRange('day');
  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - (zone ?? offsetSeconds);
  return { nanos: BigInt(seconds) * 1_000_000_000n + BigInt(nanos) };
}
