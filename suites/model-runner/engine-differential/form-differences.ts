import type { AnswerForm, Shape } from './answer-form.js';

/**
 * One observable difference between two answers to the same request. `at` is a JSON path into
 * the shape (`$.choices[].message.content`), empty for the answer as a whole.
 */
export interface FormDifference {
  readonly aspect: 'status' | 'body' | 'error' | 'stream-end' | 'only-first' | 'only-second' | 'type';
  readonly at: string;
  readonly first: string;
  readonly second: string;
}

const describe = (shape: Shape): string =>
  typeof shape === 'string' ? shape : 'array' in shape ? `array of ${shape.array.map(describe).join(' | ') || 'nothing'}` : 'object';

/** Where two shapes differ: keys one lacks, and types that differ, path by path. */
function shapeDifferences(a: Shape, b: Shape, at: string, out: FormDifference[]): void {
  if (typeof a === 'object' && typeof b === 'object' && 'object' in a && 'object' in b) {
    for (const k of new Set([...Object.keys(a.object), ...Object.keys(b.object)])) {
      const x = a.object[k];
      const y = b.object[k];
      const path = `${at}.${k}`;
      if (x === undefined) out.push({ aspect: 'only-second', at: path, first: '', second: describe(y!) });
      else if (y === undefined) out.push({ aspect: 'only-first', at: path, first: describe(x), second: '' });
      else shapeDifferences(x, y, path, out);
    }
    return;
  }
  if (typeof a === 'object' && typeof b === 'object' && 'array' in a && 'array' in b) {
    // An empty array takes any element shape.
    if (a.array.length === 0 || b.array.length === 0) return;
    if (a.array.length === 1 && b.array.length === 1) return shapeDifferences(a.array[0]!, b.array[0]!, `${at}[]`, out);
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ aspect: 'type', at, first: describe(a), second: describe(b) });
}

/** Every difference between two answers' forms: status, body kind, error form, stream end, shape. */
export function formDifferences(first: AnswerForm, second: AnswerForm): FormDifference[] {
  const out: FormDifference[] = [];
  if (first.status !== second.status) out.push({ aspect: 'status', at: '', first: String(first.status), second: String(second.status) });
  if (first.body !== second.body) out.push({ aspect: 'body', at: '', first: first.body, second: second.body });
  if (first.error !== second.error) out.push({ aspect: 'error', at: '', first: String(first.error), second: String(second.error) });
  if (first.done !== second.done) out.push({ aspect: 'stream-end', at: '', first: String(first.done), second: String(second.done) });
  // Shapes are compared where both answers are of one kind (two successes, or two errors of one form).
  if (first.body === second.body && first.error === second.error && first.shape !== null && second.shape !== null)
    shapeDifferences(first.shape, second.shape, '$', out);
  return out;
}

export const differenceText = (d: FormDifference): string =>
  `${d.aspect}${d.at === '' ? '' : ` at ${d.at}`}: ${d.first === '' ? '(absent)' : d.first} vs ${d.second === '' ? '(absent)' : d.second}`;
