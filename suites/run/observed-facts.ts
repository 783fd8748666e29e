import { inRange } from '../../common/dotted-version.js';
import { fileKeyNamed } from '../../specs/config-schema.js';
import { optionNamed } from '../../specs/options.js';
import type { Rule } from '../../specs/types.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { ObservedFacts } from '../harness/context.js';

/** Whether the release has the long option `name`: its observed flag list where there is one, else the `since`/`until` of specs/options.ts. */
function hasOption(release: DaemonRelease, name: string): boolean {
  if (release.flags !== null) return release.flags.includes(name);
  const option = optionNamed(name);
  return option !== undefined && inRange(release.release, { min: option.since, max: option.until });
}

/** Whether the release's configuration file has `key` (specs/config-schema.ts, `since`/`until`: host-gateway-ips from 28.0 there). */
function hasFileKey(release: DaemonRelease, key: string): boolean {
  const entry = fileKeyNamed(key);
  return entry !== undefined && inRange(release.release, { min: entry.since, max: entry.until });
}

/**
 * What the release was observed to do, handed to the checks of `implementation` rules only (their
 * expectations rest on it); a document rule gets nothing, so that what it generates and expects
 * comes from the document alone.
 */
export function observedFor(rule: Rule, release: DaemonRelease | null): ObservedFacts | null {
  if (rule.level !== 'implementation' || release === null) return null;
  return {
    legacyPlainTextErrors: release.legacyPlainTextErrors,
    legacyPlainTextNotFound: release.legacyPlainTextNotFound,
    headerLineLimit: release.headerLineLimit,
    hasOption: (name) => hasOption(release, name),
    hasFileKey: (key) => hasFileKey(release, key),
  };
}
