import type { BrandNames } from '../../../specs/brands.js';
import type { Switches } from '../../faults/variant-table.js';
import { labelsVariant } from './labels-variant.js';

/** The label namespaces reserved for the daemon itself (daemon.md › Errors), for this brand. */
export function reservedPrefixes(names: BrandNames): readonly string[] {
  const brand = names.envPrefix.slice(0, -1).toLowerCase();
  return [`com.${brand}.`, `io.${brand}.`, 'org.dockerproject.'];
}

/** Why a label is refused, or null: no `=`, or a reserved namespace (case-insensitive, unless labels-variant.ts says otherwise). */
export function labelProblem(label: string, names: BrandNames, switches: Switches): string | null {
  if (!label.includes('=')) return `bad attribute format: ${label}`;
  const lowered = labelsVariant(switches).reservedMatchedAsWritten ? label : label.toLowerCase();
  const prefixes = reservedPrefixes(names);
  if (prefixes.some((prefix) => lowered.startsWith(prefix))) {
    return `label ${label} is not allowed: the namespaces ${prefixes
      .slice(0, 2)
      .map((p) => `${p}*`)
      .join(', ')}, and ${prefixes[2]}* are reserved for internal use`;
  }
  return null;
}

/**
 * The labels without exact duplicates, or the first conflict: the same key with another value
 * (`conflict labels for a=2 and a=1`, as every observed release words it).
 */
export function dedupeLabels(labels: readonly string[]): { readonly labels: readonly string[] } | { readonly conflict: string } {
  const byKey = new Map<string, string>();
  const kept: string[] = [];
  for (const label of labels) {
    const key = label.slice(0, label.indexOf('='));
    const seen = byKey.get(key);
    if (seen === undefined) {
      byKey.set(key, label);
      kept.push(label);
    } else if (seen !== label) return { conflict: `conflict labels for ${label} and ${seen}` };
  }
  return { labels: kept };
}
