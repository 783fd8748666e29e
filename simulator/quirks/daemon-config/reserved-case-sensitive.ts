import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: the reserved label namespaces are matched case-sensitively: `COM.CTR.x=1` passes where `com.ctr.x=1` is refused. */
export const ID = 'hypothetical.config.labels.reserved.case-sensitive';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/reserved-case-sensitive.ts, called from simulator/config/file/labels.ts (labelProblem)',
};

/** The label as the reserved-namespace match sees it. */
export const forPrefixMatch = (label: string, quirks: ReadonlySet<string>): string => (quirks.has(ID) ? label : label.toLowerCase());
