import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';

/**
 * How a release words configuration errors: the Go release it is built with shapes the JSON
 * decoder's messages, and the daemon's own prefixes changed over time (observed on 20.10.24,
 * 26.1.5, 28.5.2; releases between them take the style of the older neighbour).
 */
export type MessageStyle = 'v20' | 'v23' | 'v28';

export function messageStyle(release: DaemonRelease): MessageStyle {
  if (isOlder(release.release, '23.0')) return 'v20';
  if (isOlder(release.release, '28.0')) return 'v23';
  return 'v28';
}

/**
 * Whether the release's JSON decoder is 28.x's (Debian's 28.5.2+dfsg4, observed 2026-12-07): it
 * stops at the first problem of any kind and words type errors with the JSON path; 29.0's is Go's
 * own again, as the releases before 28.0 had it.
 */
export const decodes28 = (release: DaemonRelease): boolean => messageStyle(release) === 'v28' && isOlder(release.release, '29.0');

/** The prefix of early validation errors of the merged configuration. */
export const validationPrefix = (style: MessageStyle, fromFile: boolean): string =>
  style === 'v20'
    ? fromFile
      ? 'configuration validation from file failed: '
      : ''
    : 'merged configuration validation from file and command line flags failed: ';
