import { isOlder } from '../../../../common/dotted-version.js';
import { INFO_STYLE_NAMES, INFO_STYLES, type InfoStyle, type InfoStyleName } from '../../../../specs/info-fields.js';

/** The observed release whose /info a release answers like: the newest observed at or before it, else the oldest. */
export function infoStyleNameOf(release: string): InfoStyleName {
  let chosen: InfoStyleName = INFO_STYLE_NAMES[0]!;
  for (const name of INFO_STYLE_NAMES) if (!isOlder(release, name)) chosen = name;
  return chosen;
}

export interface ResolvedInfoStyle {
  readonly name: InfoStyleName;
  readonly style: InfoStyle;
}

/** The style of a release series ("28.5"). */
export function infoStyleOf(release: string): ResolvedInfoStyle {
  const name = infoStyleNameOf(release);
  return { name, style: INFO_STYLES[name] };
}
