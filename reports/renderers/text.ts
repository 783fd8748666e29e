/** Small helpers shared by the renderers. */
import type { ApiRange, Counterexample, ObservedApiRange, RuleResult } from '../model/result.js';

/** "1.24–1.51", with "?" for an end the target did not give; "unknown" for no range. */
export function apiRangeText(range: ApiRange | ObservedApiRange | null): string {
  return range === null ? 'unknown' : `${range.min ?? '?'}–${range.max ?? '?'}`;
}

/** How to replay a counterexample with fast-check. The HTML page's script builds the same string. */
export function replayHint(ce: Counterexample): string {
  return `fc.assert(property, { seed: ${ce.seed}, path: ${JSON.stringify(ce.path)} })`;
}

/** The axis values of a result beyond its API version, as "k=v, k=v" (empty when none). */
export function axesText(axes: RuleResult['axes']): string {
  return Object.entries(axes ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** Name of a result as used in JUnit and in the HTML page. */
export function resultName(r: Pick<RuleResult, 'rule' | 'api' | 'axes'>): string {
  const axes = axesText(r.axes);
  return `${r.api === null ? r.rule : `${r.rule} @ api ${r.api}`}${axes === '' ? '' : ` [${axes}]`}`;
}

/** The evidence of one result as plain text (JUnit failure bodies, logs). */
export function evidenceText(r: RuleResult): string {
  const e = r.evidence;
  const out: string[] = [e.summary];
  if (e.reason !== undefined) out.push(`reason: ${e.reason}`);
  if (e.rerun !== undefined) out.push(`rerun: ${e.rerun}`);
  if (e.curl !== undefined) out.push(`curl: ${e.curl}`);
  if (e.curl !== undefined && e.curlAfterRun !== undefined) out.push(`after the run: ${e.curlAfterRun.note}`, ...e.curlAfterRun.commands.map((c) => `  ${c}`));
  (e.exchanges ?? []).forEach((x, i) => {
    out.push('', `--- exchange ${i + 1}: ${x.request}${x.endpoint === undefined ? '' : ` (${x.endpoint})`}`);
    if (x.requestBody !== undefined) out.push('request body:', x.requestBody);
    if (x.status !== undefined) out.push(`status: ${x.status}`);
    for (const [k, v] of Object.entries(x.headers ?? {})) out.push(`${k}: ${v}`);
    if (x.body !== undefined) out.push('body:', x.body);
  });
  const ce = e.counterexample;
  if (ce) {
    out.push('', '--- counterexample', `seed: ${ce.seed}`, `path: ${ce.path}`, `numRuns: ${ce.numRuns}`, `input: ${ce.input}`, `replay: ${replayHint(ce)}`);
  }
  return out.join('\n');
}
