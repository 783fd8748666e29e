import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What `ctr-conformance rules` prints, one row per rule: the catalogue's facts, whether the
 * simulator implements the rule and where, whether it has a fault, and the suites file that holds
 * its assertion. Computing it imports the whole catalogue, the simulator's route table and every
 * suite (about a second), so the build writes it once to dist/cli/rule-index.json
 * (write-rule-index.ts) and the command reads that file; test/rule-index.test.ts proves the file
 * equal to what the registries say.
 */
export interface RuleCoverage {
  readonly id: string;
  readonly title: string;
  readonly source: 'document' | 'implementation';
  readonly section: string;
  readonly level: string;
  /** The interface the rule speaks of; a target without it gets the rule skipped. */
  readonly surface: string;
  /** What a target must be able to do for the rule to be checked on it. */
  readonly requires: readonly string[];
  /** Whether the expected outcome depends on the release (skipped on an unknown one without --release). */
  readonly releaseDependent: boolean;
  readonly testable: boolean;
  readonly untestableWhy?: string;
  readonly simulator: boolean;
  readonly assertion: boolean;
  /** Where the simulator implements the rule: the `where` of each implementation record that names it. */
  readonly simulatorWhere: readonly string[];
  /** Whether `ctrd-sim --fault <id>` breaks the rule. */
  readonly fault: boolean;
  /** The suites source file that holds the rule's assertion (relative to the repository), or null. */
  readonly checkFile: string | null;
}

/** dist/ (this file is dist/cli/rule-index.js). */
const DIST = fileURLToPath(new URL('../', import.meta.url));
/** The index the build writes. */
export const RULE_INDEX_FILE = fileURLToPath(new URL('./rule-index.json', import.meta.url));

/** The rows: from the build's index when there is one, else from the registries themselves. */
export async function loadRuleCoverage(): Promise<RuleCoverage[]> {
  if (existsSync(RULE_INDEX_FILE)) return JSON.parse(readFileSync(RULE_INDEX_FILE, 'utf8')) as RuleCoverage[];
  return computeRuleCoverage();
}

/** The rows as the registries give them: the catalogue, the simulator's implementation records and faults, the suites' checks. */
export async function computeRuleCoverage(): Promise<RuleCoverage[]> {
  const [{ RULES }, { IMPLEMENTATIONS, allFaults }, { ALL_CHECKS }] = await Promise.all([
    import('../specs/index.js'),
    import('../simulator/index.js'),
    import('../suites/checks.js'),
  ]);
  const places = new Map<string, string[]>();
  for (const { where, rules } of IMPLEMENTATIONS) for (const rule of rules) places.set(rule, [...(places.get(rule) ?? []), where]);
  const files = await checkFiles(ALL_CHECKS);
  const checked = new Map<string, (typeof ALL_CHECKS)[number]>(ALL_CHECKS.map((check) => [check.rule, check]));
  return RULES.map((rule) => {
    const check = checked.get(rule.id);
    return {
      id: rule.id,
      title: rule.title,
      source: rule.source.kind,
      section: rule.source.kind === 'document' ? `${rule.source.document} › ${rule.source.section}` : rule.source.reference,
      level: rule.level,
      surface: rule.applies.surface,
      requires: rule.requires,
      releaseDependent: rule.releaseDependent,
      testable: rule.testability.testable,
      ...(rule.testability.testable ? {} : { untestableWhy: rule.testability.why }),
      simulator: places.has(rule.id),
      assertion: check !== undefined,
      simulatorWhere: places.get(rule.id) ?? [],
      fault: Object.hasOwn(allFaults(), rule.id),
      checkFile: check === undefined ? null : (files.get(check) ?? null),
    };
  });
}

/**
 * The source file of each check: the module of suites/ that exports it, alone or in the smallest
 * list (a check made inline in an area's index is that index's). The modules are those statically
 * imported from suites/checks.js, so that no worker script or fixture runs by being imported; of
 * two that export the same check, the one imported further down (the defining file, not an index
 * that re-exports it) wins.
 */
async function checkFiles(checks: readonly object[]): Promise<Map<object, string>> {
  const suites = resolve(DIST, 'suites');
  const known = new Set(checks);
  const best = new Map<object, { file: string; size: number }>();
  for (const file of staticImports(resolve(suites, 'checks.js'), suites)) {
    const exports = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      const members = known.has(value as object) ? [value as object] : Array.isArray(value) ? value.filter((v) => known.has(v as object)) : [];
      const size = known.has(value as object) ? 1 : members.length;
      for (const check of members) {
        const found = best.get(check);
        if (found === undefined || size <= found.size) best.set(check, { file, size });
      }
    }
  }
  return new Map([...best].map(([check, { file }]) => [check, relative(DIST, file).replace(/\.js$/, '.ts').split('\\').join('/')]));
}

/** The compiled modules under `root` reachable from `entry` by static import or re-export, breadth first. */
function staticImports(entry: string, root: string): string[] {
  const order = [entry];
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    const file = order[i]!;
    for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+\.js)'/gm)) {
      const target = resolve(dirname(file), match[1]!);
      if (target.startsWith(`${root}/`) && !seen.has(target)) {
        seen.add(target);
        order.push(target);
      }
    }
  }
  return order;
}
