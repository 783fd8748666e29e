import type { ConformanceReport } from '../model/result.js';

/**
 * The element ids of the rules' entries in the list of rules of a report's report.html
 * (renderers/html.ts): `rule-N`, N a rule's place among the report's rules followed by the rules
 * its results name that the list lacks.
 */
export function ruleAnchors(report: ConformanceReport): Map<string, string> {
  const anchors = new Map<string, string>();
  let place = 0;
  for (const rule of report.rules) {
    if (!anchors.has(rule.id)) anchors.set(rule.id, `rule-${place}`);
    place += 1; // a rule listed twice has two entries
  }
  for (const result of report.results) if (!anchors.has(result.rule)) anchors.set(result.rule, `rule-${place++}`);
  return anchors;
}
