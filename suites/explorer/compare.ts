import { HEADERS_COMPARED, type Observation } from './observation.js';
import { differOnlyInTarTimes } from './tar-times.js';
import { differOnlyInCounts, isProcessFigure, volatileReason, volatileText } from './volatile.js';

/**
 * One observable difference between two answers to the same request. `at` names where: a header,
 * or a JSON path (`$.RegistryConfig.Mirrors[]`; array elements are all `[]`, so that one
 * difference in every element is one kind of difference).
 */
export interface Difference {
  readonly aspect: 'status' | 'header' | 'body-kind' | 'only-first' | 'only-second' | 'type' | 'length' | 'value' | 'error-text' | 'text';
  readonly at: string;
  readonly first: string;
  readonly second: string;
  /** Why the value differs without meaning anything (an id, a time, a size), when it does. */
  readonly volatile?: string;
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

function valueDifferences(a: unknown, b: unknown, at: string, key: string, out: Difference[]): void {
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta !== tb) {
    out.push({ aspect: 'type', at, first: `${ta} ${shown(a)}`, second: `${tb} ${shown(b)}` });
    return;
  }
  if (ta === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const path = `${at}.${k}`;
      if (!(k in y)) out.push({ aspect: 'only-first', at: path, first: shown(x[k]), second: '' });
      else if (!(k in x)) out.push({ aspect: 'only-second', at: path, first: '', second: shown(y[k]) });
      else valueDifferences(x[k], y[k], path, k, out);
    }
    return;
  }
  if (ta === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length)
      out.push({ aspect: 'length', at, first: String(x.length), second: String(y.length), ...(isProcessFigure(at) ? { volatile: 'process' } : {}) });
    for (let i = 0; i < Math.min(x.length, y.length); i++) valueDifferences(x[i], y[i], `${at}[]`, key, out);
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  const volatile = volatileReason(key, a, b, at);
  out.push({ aspect: 'value', at, first: shown(a), second: shown(b), ...(volatile === null ? {} : { volatile }) });
}

/** The message of an error answer: JSON {"message": …}, or its plain text. */
const messageOf = (o: Observation): string | null =>
  o.body.kind === 'text'
    ? o.body.text
    : o.body.kind === 'json' && typeof (o.body.value as { message?: unknown } | null)?.message === 'string'
      ? (o.body.value as { message: string }).message
      : null;

const isError = (o: Observation): boolean => typeof o.status === 'number' && o.status >= 400;

/**
 * Every difference between two observations: status, each compared header, the body's kind, and
 * then, for two JSON bodies, keys, types, lengths and values recursively; for two errors, their
 * messages as error text (a JSON error's other keys are still compared).
 */
export function differences(first: Observation, second: Observation): Difference[] {
  const out: Difference[] = [];
  if (first.status !== second.status) out.push({ aspect: 'status', at: '', first: String(first.status), second: String(second.status) });
  for (const name of HEADERS_COMPARED) {
    const a = first.headers[name];
    const b = second.headers[name];
    if (a === b) continue;
    const volatile = a === undefined || b === undefined ? null : volatileText(a, b);
    out.push({ aspect: 'header', at: name, first: a ?? '', second: b ?? '', ...(volatile === null ? {} : { volatile }) });
  }
  if (first.body.kind !== second.body.kind) out.push({ aspect: 'body-kind', at: '', first: first.body.kind, second: second.body.kind });
  if (isError(first) && isError(second)) {
    const a = messageOf(first);
    const b = messageOf(second);
    if (a !== null && b !== null && a.trim() !== b.trim()) out.push({ aspect: 'error-text', at: '', first: a.trim(), second: b.trim() });
  }
  if (first.body.kind === 'json' && second.body.kind === 'json') {
    // A message both errors carry is compared as error text above; any other key as a value.
    const errors = isError(first) && isError(second) && messageOf(first) !== null && messageOf(second) !== null;
    const strip = (value: unknown): unknown => {
      if (!errors || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const { message: _, ...rest } = value as Record<string, unknown>;
      return rest;
    };
    valueDifferences(strip(first.body.value), strip(second.body.value), '$', '', out);
  } else if (first.body.kind === 'text' && second.body.kind === 'text' && !(isError(first) && isError(second)) && first.body.text !== second.body.text) {
    const volatile = differOnlyInTarTimes(first.body.text, second.body.text)
      ? { volatile: 'time' }
      : differOnlyInCounts(first.body.text, second.body.text)
        ? { volatile: 'process' }
        : {};
    out.push({ aspect: 'text', at: '', first: shown(first.body.text), second: shown(second.body.text), ...volatile });
  }
  return out;
}

/** A difference in one line. */
export const differenceText = (d: Difference): string =>
  `${d.aspect}${d.at === '' ? '' : ` ${d.at}`}: ${d.first === '' ? '(absent)' : d.first} ≠ ${d.second === '' ? '(absent)' : d.second}${d.volatile === undefined ? '' : ` (volatile: ${d.volatile})`}`;
