/**
 * Values that differ between any two daemons, or two starts of one, without saying anything of
 * their behaviour: ids, times, sizes and counters, the figures of the process (/debug), the directories each daemon was given, what
 * the binaries were built from, and a build's own suffix on a release's version (`+dfsg4`, `+ctrd-sim`). A difference of such
 * a value is labelled volatile (and counted), never hidden.
 */

const ID = /^(sha256:)?[0-9a-f]{12,64}$/;
/** The daemon's own ID in GET /info: a UUID, or twelve groups of four (older daemons). */
const DAEMON_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Z0-9]{4}(:[A-Z0-9]{4}){11})$/;
const TIME_TEXT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;
/** Keys whose number is a time (Created, StartedAt, SystemTime, …). */
const TIME_KEY = /(Created|Time|At|Since|Until|Timestamp|time|timeNano)$/;
/** Keys whose number is a size, a count or a process figure. */
const SIZE_KEY =
  /(Size|Memory|MemTotal|NCPU|Count|Containers|ContainersRunning|ContainersPaused|ContainersStopped|Images|NGoroutines|NFd|NEventsListener|Pid|RefCount|UsageData)$/;
/** Keys whose text is a directory or a file the daemon was started with (each target has its own private roots). */
const PLACE_KEY = /(RootDir|Root|Dir|Path|Mountpoint|Name|Hostname|ID|Socket|Address)$/;
const ABSOLUTE = /^\/[^\s]*$/;

/** A per-run directory or name the targets are started with (suites/targets/temp-dir.ts: `ctc-` and six characters). */
const RUN_NAME = /ctc-[A-Za-z0-9]{6}\b/;
/** A release's build suffix: `28.5.2+dfsg4`, `28.5.2+ctrd-sim` are both 28.5.2. */
const BUILD = /(\d+\.\d+\.\d+)\+[^\s)"',]+/g;
const withoutBuild = (text: string): string => text.replace(BUILD, '$1');
/**
 * Where a value describes how and from what the binaries were built, not what the release does:
 * commits, the Go version, build times (GET /version), the commits of containerd, runc and the
 * init binary (GET /info), the versions of the components beside the engine (GET /version
 * Components[]; the engine's own version is the top-level Version, compared as a value), and the
 * edition a packaging names (Platform.Name: empty in Debian's builds, "Docker Engine - Community"
 * in Docker's and in 29.7.2 as built here).
 */
const BUILD_KEY = /^(GitCommit|GoVersion|BuildTime)$/;
const BUILD_PATH = /\.(ContainerdCommit|RuncCommit|InitCommit)\.(ID|Expected)$|\.Components\[\]\.(Version|Details\.\w+)$|^\$\.Platform\.Name$/;

/**
 * The figures of the daemon as a process, which no two processes share: Go's expvar of GET
 * /debug/vars (its command line, its memory statistics).
 */
const PROCESS_FIGURES = /^\$\.(cmdline|memstats)(\.|\[|$)/;

/** Whether the value at `at` (a path as `$.a.b[].c`) is a figure of the process. */
export const isProcessFigure = (at: string): boolean => PROCESS_FIGURES.test(at);

/** Routes whose whole text is a figure of the process: net/http/pprof's command line (os.Args joined by NUL). */
const PROCESS_PAGES: ReadonlySet<string> = new Set(['/debug/pprof/cmdline']);

/** Whether a route's text answer is a figure of the process, which no two processes share. */
export const isProcessPage = (route: string): boolean => PROCESS_PAGES.has(route);

/** Whether two bodies are the same page but for its counts (net/http/pprof's index: each profile's count). */
export const differOnlyInCounts = (a: string, b: string): boolean => a.includes('/debug/pprof/') && a.replace(/\d+/g, '#') === b.replace(/\d+/g, '#');

/** Why two texts differ without meaning anything (a header value, a string in a body), or null. */
export function volatileText(a: string, b: string): string | null {
  if (a !== b && withoutBuild(a) === withoutBuild(b)) return 'build suffix';
  if (RUN_NAME.test(a) || RUN_NAME.test(b)) return 'private root';
  return null;
}

/** Why the difference between `a` and `b` under `key` (at `at`, a path as `$.a.b[].c`) is volatile, or null when it is not. */
export function volatileReason(key: string, a: unknown, b: unknown, at = ''): string | null {
  if (isProcessFigure(at)) return 'process';
  if (typeof a === 'string' && typeof b === 'string') {
    const text = volatileText(a, b);
    if (text !== null) return text;
    if (BUILD_KEY.test(key) || BUILD_PATH.test(at)) return 'build';
    if (ID.test(a) && ID.test(b)) return 'id';
    if (DAEMON_ID.test(a) && DAEMON_ID.test(b)) return 'id';
    if (TIME_TEXT.test(a) && TIME_TEXT.test(b)) return 'time';
    if (PLACE_KEY.test(key) && ABSOLUTE.test(a) && ABSOLUTE.test(b)) return 'private root';
  }
  if (typeof a === 'number' && typeof b === 'number') {
    // -1 is moby's "not counted" (an image summary's Containers, SharedSize): against a count it says which side counts.
    if ((a === -1) !== (b === -1)) return null;
    if (TIME_KEY.test(key)) return 'time';
    if (SIZE_KEY.test(key)) return 'size';
  }
  return null;
}
