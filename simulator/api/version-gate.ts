import { isNewer, isOlder } from '../../common/dotted-version.js';

/** The outcome of checking a request's API version against the daemon's range. */
export type VersionVerdict = 'ok' | 'too-old' | 'too-new';

export function judgeVersion(requested: string, minApi: string, maxApi: string): VersionVerdict {
  if (isOlder(requested, minApi)) return 'too-old';
  if (isNewer(requested, maxApi)) return 'too-new';
  return 'ok';
}

/** The document's wording (daemon.md › Errors), not the real daemons' ("please upgrade …"). */
export const tooOldMessage = (requested: string, minApi: string): string =>
  `client version ${requested} is too old. Minimum supported API version is ${minApi}, upgrade your client to a newer version`;

export const tooNewMessage = (requested: string, maxApi: string): string =>
  `client version ${requested} is too new. Maximum supported API version is ${maxApi}`;

/** Clients older than API 1.24 may not read JSON errors; some releases answer them in plain text. */
export const LEGACY_ERROR_API = '1.24';
