import { renderBadge } from '../reports/renderers/badge.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { AREAS } from '../specs/areas.js';
import { RULES } from '../specs/index.js';

const areaOfRule = new Map(RULES.map((rule) => [rule.id, rule.area]));
const areaOf = (rule: string): string => areaOfRule.get(rule) ?? rule.split('.')[0]!;

/** A bundle's badge.svg for `report`: what certify writes and verify renders again. */
export const bundleBadge = (report: ConformanceReport): string =>
  renderBadge(
    report,
    areaOf,
    AREAS.map((area) => area.id),
  );
