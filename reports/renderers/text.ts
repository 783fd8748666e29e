/** Small helpers shared by the renderers. */
import type { Counterexample, RuleResult } from '../model/result.js';

/** How to replay a counterexample with fast-check. The HTML page's script builds the same string. */
export function replayHint(ce: Counterexample): string {
  return `fc.assert(property, { seed: ${ce.seed}, path: ${JSON.stringify(ce.path)} })`;
}

/** Name of a result as used in JUnit and in the HTML page. */
export function resultName(r: Pick<RuleResult, 'rule' | 'api'>): string {
  return r.api === null ? r.rule : `${r.rule} @ api ${r.api}`;
}

/** The evidence of one result as plain text (JUnit failure bodies, logs). */
export function evidenceText(r: RuleResult): string {
  const e = r.evidence;
  const out: string[] = [e.summary];
  if (e.reason !== undefined) out.push(`reason: ${e.reason}`);
  (e.exchanges ?? []).forEach((x, i) => {
    out.push('', `--- exchange ${i + 1}: ${x.request}`);
    if (x.status !== undefined) out.push(`status: ${x.status}`);
    for (const [k, v] of Object.entries(x.headers ?? {})) out.push(`${k}: ${v}`);
    if (x.body !== undefined) out.push('body:', x.body);
  });
  const ce = e.counterexample;
  if (ce) {
    out.push(
      '',
      '--- counterexample',
      `seed: ${ce.seed}`,
      `path: ${ce.path}`,
      `numRuns: ${ce.numRuns}`,
      `input: ${ce.input}`,
      `replay: ${replayHint(ce)}`,
    );
  }
  return out.join('\n');
}
