import { DAEMON_FLAGS_BY_RELEASE } from './daemon-flags.js';
import { OBSERVED_DOCKERD_MESSAGES, type DaemonMessages } from './messages.js';

/**
 * Daemon releases and their API range. Checked against the public version matrix of the engine
 * API documentation and the release tags of the daemon's sources (`DefaultVersion` /
 * `MinSupportedAPIVersion` up to 28.x, `MaxAPIVersion` / `defaultMinAPIVersion` from 29.0), and
 * against the four releases that run on this machine (20.10.24, 26.1.5, 28.5.2, 29.7.2).
 */
export interface DaemonRelease {
  /** Release series, e.g. "28.5". */
  readonly release: string;
  /** Full version a simulator emulating this series reports. */
  readonly version: string;
  /** Newest API version served; also what unversioned calls use. */
  readonly maxApi: string;
  /** Oldest API version served by default on Linux. */
  readonly defaultMinApi: string;
  /** Oldest API version served by default on the other platform. */
  readonly windowsMinApi: string;
  /**
   * Lowest value the minimum may be moved to by the operator (environment variable
   * `<BRAND>_MIN_API_VERSION`, from 25.0), or null where the release has no such override.
   */
  readonly minApiFloor: string | null;
  /**
   * Whether an error answered to a request whose API version is below 1.24 is sent as plain
   * text (true) or JSON (false); null where no real daemon of the series has been observed.
   */
  readonly legacyPlainTextErrors: boolean | null;
  /**
   * Whether the router's 404 "page not found" for a path under a version prefix below 1.24 is
   * plain text (true) or JSON (false); null where no real daemon of the series has been observed.
   * Observed: text on 20.10.24, JSON on 26.1.5 and 28.5.2; unversioned paths are JSON everywhere.
   */
  readonly legacyPlainTextNotFound: boolean | null;
  /**
   * The error texts a real daemon of the series prints, or null where none has been observed
   * (the simulator follows the document's forms, specs/messages.ts, whatever the release).
   */
  readonly messages: DaemonMessages | null;
  /**
   * The long flags a build of the series accepts (specs/daemon-flags.ts), or null where none was
   * observed. The configuration-file keys per release are the configuration area's to observe.
   */
  readonly flags: readonly string[] | null;
  /**
   * Whether a start pauses for about a second after its supervisor is up (26.1.5 does: spawn to
   * first /_ping ≈ 1.15 s against ≈ 0.17 s for 20.10 and 28.5); null where not observed.
   */
  readonly slowStart: boolean | null;
  /**
   * How many header lines (Host included) a request may have before the daemon answers 431:
   * 'none' where no limit was found, null where no real daemon of the series was observed. It is
   * the limit of the Go release the daemon is built with: 500 for 28.5.2 (go1.27.1);
   * 20.10.24 (go1.19.8) took 5000 lines, 26.1.5 (go1.24.4) 20 000 and 29.7.2 (go1.26.10) 30 001
   * (2026-12-05).
   */
  readonly headerLineLimit: number | 'none' | null;
  /**
   * The version of the series observed running on this machine (a real daemon the agreement test
   * starts), or null where the simulator emulates the series from moby's source alone.
   */
  readonly observed: string | null;
  readonly evidence: string;
}

const tag = (v: string): string => `moby tag ${v}`;

export const RELEASES: readonly DaemonRelease[] = [
  {
    release: '19.03',
    version: '19.03.15',
    maxApi: '1.40',
    defaultMinApi: '1.12',
    windowsMinApi: '1.24',
    minApiFloor: null,
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v19.03.0'),
  },
  {
    release: '20.10',
    version: '20.10.24',
    maxApi: '1.41',
    defaultMinApi: '1.12',
    windowsMinApi: '1.24',
    minApiFloor: null,
    legacyPlainTextErrors: true,
    legacyPlainTextNotFound: true,
    messages: OBSERVED_DOCKERD_MESSAGES,
    flags: DAEMON_FLAGS_BY_RELEASE['20.10'] ?? null,
    slowStart: false,
    headerLineLimit: 'none',
    observed: '20.10.24',
    evidence: `${tag('v20.10.0')}; observed on Debian 20.10.24`,
  },
  {
    release: '23.0',
    version: '23.0.6',
    maxApi: '1.42',
    defaultMinApi: '1.12',
    windowsMinApi: '1.24',
    minApiFloor: null,
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v23.0.0'),
  },
  {
    release: '24.0',
    version: '24.0.9',
    maxApi: '1.43',
    defaultMinApi: '1.12',
    windowsMinApi: '1.24',
    minApiFloor: null,
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v24.0.0'),
  },
  {
    release: '25.0',
    version: '25.0.5',
    maxApi: '1.44',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.12',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: `${tag('v25.0.0')} defaultMinAPIVersion=1.24`,
  },
  {
    release: '26.0',
    version: '26.0.2',
    maxApi: '1.45',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v26.0.0'),
  },
  {
    release: '26.1',
    version: '26.1.5',
    maxApi: '1.45',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: false,
    legacyPlainTextNotFound: false,
    messages: OBSERVED_DOCKERD_MESSAGES,
    flags: DAEMON_FLAGS_BY_RELEASE['26.1'] ?? null,
    slowStart: true,
    headerLineLimit: 'none',
    observed: '26.1.5',
    evidence: `${tag('v26.1.0')}; observed on Debian 26.1.5`,
  },
  {
    release: '27.0',
    version: '27.0.3',
    maxApi: '1.46',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v27.0.1'),
  },
  {
    release: '27.1',
    version: '27.1.2',
    maxApi: '1.46',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v27.1.0'),
  },
  {
    release: '27.2',
    version: '27.2.1',
    maxApi: '1.47',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v27.2.0'),
  },
  {
    release: '27.3',
    version: '27.3.1',
    maxApi: '1.47',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v27.3.0'),
  },
  {
    release: '27.4',
    version: '27.4.1',
    maxApi: '1.47',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v27.4.0'),
  },
  {
    release: '27.5',
    version: '27.5.1',
    maxApi: '1.47',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v27.5.0'),
  },
  {
    release: '28.0',
    version: '28.0.4',
    maxApi: '1.48',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v28.0.0'),
  },
  {
    release: '28.1',
    version: '28.1.1',
    maxApi: '1.49',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v28.1.0'),
  },
  {
    release: '28.2',
    version: '28.2.2',
    maxApi: '1.50',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v28.2.0'),
  },
  {
    release: '28.3',
    version: '28.3.3',
    maxApi: '1.51',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v28.3.0'),
  },
  {
    release: '28.4',
    version: '28.4.0',
    maxApi: '1.51',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('v28.4.0'),
  },
  {
    release: '28.5',
    version: '28.5.2',
    maxApi: '1.51',
    defaultMinApi: '1.24',
    windowsMinApi: '1.24',
    minApiFloor: '1.24',
    legacyPlainTextErrors: true,
    legacyPlainTextNotFound: false,
    messages: OBSERVED_DOCKERD_MESSAGES,
    flags: DAEMON_FLAGS_BY_RELEASE['28.5'] ?? null,
    slowStart: false,
    headerLineLimit: 500,
    observed: '28.5.2',
    evidence: `${tag('v28.5.0')}; observed on Debian 28.5.2`,
  },
  {
    release: '29.0',
    version: '29.0.4',
    maxApi: '1.52',
    defaultMinApi: '1.44',
    windowsMinApi: '1.44',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: `${tag('docker-v29.0.0')} defaultMinAPIVersion=1.44`,
  },
  {
    release: '29.1',
    version: '29.1.5',
    maxApi: '1.52',
    defaultMinApi: '1.44',
    windowsMinApi: '1.44',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('docker-v29.1.0'),
  },
  {
    release: '29.2',
    version: '29.2.1',
    maxApi: '1.53',
    defaultMinApi: '1.44',
    windowsMinApi: '1.44',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('docker-v29.2.0'),
  },
  {
    release: '29.3',
    version: '29.3.1',
    maxApi: '1.54',
    defaultMinApi: '1.40',
    windowsMinApi: '1.40',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: `${tag('docker-v29.3.0')} lowered default minimum to 1.40`,
  },
  {
    release: '29.4',
    version: '29.4.1',
    maxApi: '1.54',
    defaultMinApi: '1.40',
    windowsMinApi: '1.40',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('docker-v29.4.0'),
  },
  {
    release: '29.5',
    version: '29.5.0',
    maxApi: '1.54',
    defaultMinApi: '1.40',
    windowsMinApi: '1.40',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('docker-v29.5.0'),
  },
  {
    release: '29.6',
    version: '29.6.0',
    maxApi: '1.55',
    defaultMinApi: '1.40',
    windowsMinApi: '1.40',
    minApiFloor: '1.24',
    legacyPlainTextErrors: null,
    legacyPlainTextNotFound: null,
    messages: null,
    flags: null,
    slowStart: null,
    headerLineLimit: null,
    observed: null,
    evidence: tag('docker-v29.6.0'),
  },
  {
    release: '29.7',
    version: '29.7.2',
    maxApi: '1.55',
    defaultMinApi: '1.40',
    windowsMinApi: '1.40',
    minApiFloor: '1.24',
    legacyPlainTextErrors: true,
    legacyPlainTextNotFound: false,
    messages: OBSERVED_DOCKERD_MESSAGES,
    flags: DAEMON_FLAGS_BY_RELEASE['29.7'] ?? null,
    slowStart: null,
    headerLineLimit: 'none',
    observed: '29.7.2',
    evidence: `${tag('docker-v29.7.0')}; observed on 29.7.2 built from ${tag('docker-v29.7.2')} (../shared/daemons/PROVENANCE.md)`,
  },
];

/** The release a simulator emulates when none is asked for. */
export const NEWEST_RELEASE: DaemonRelease = RELEASES[RELEASES.length - 1]!;

/** API versions that exist at all, oldest first (1.12 … newest max). */
export const ALL_API_VERSIONS: readonly string[] = Array.from({ length: Number(NEWEST_RELEASE.maxApi.split('.')[1]) - 12 + 1 }, (_, i) => `1.${i + 12}`);

/** The release series a version string belongs to ("28.5.2+dfsg4" → 28.5), if the table has it. */
export function findRelease(version: string | null | undefined): DaemonRelease | undefined {
  const series = version === null || version === undefined ? undefined : /^(\d+\.\d+)/.exec(version)?.[1];
  return RELEASES.find((r) => r.release === series);
}
