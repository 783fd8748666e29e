import { isOlder } from '../../../common/dotted-version.js';

/**
 * What the Go a release is built with shows on the /debug routes: the pprof index page's layout,
 * the runtime's profiles beyond the six every Go has, and the execution trace's format. Observed
 * on the Debian builds 20.10.24 (go1.19.8), 26.1.5 (go1.24.4), 28.5.2 (go1.27.1) and 29.7.2
 * (go1.26.10), 2026-12-06; each row holds from its release to the next row's. The releases
 * between them were not observed: 23.0 to 25.0 are taken as 20.10, 27.x as 26.1, 28.0 to 28.4 as
 * 28.5.2 (as engine/go-json-newer.ts takes 28.x's Go), and 29.x as 29.7.2.
 */
export interface PprofBuild {
  /** The first release of the row. */
  readonly from: string;
  /** The build observed, with its Go. */
  readonly observed: string;
  /**
   * The index page: go1.19's (no symbol row, no note on debug=1 and debug=2), or the one from Go 1.24
   * on (golang/go#69897 added the symbol row).
   */
  readonly index: 'go1.19' | 'go1.24';
  /** Profiles of the runtime beyond allocs, block, goroutine, heap, mutex and threadcreate. */
  readonly extraProfiles: readonly string[];
  /** The header version of its execution trace (`go 1.19 trace`, …), which fixes the format. */
  readonly traceFormat: '1.19' | '1.23' | '1.26';
  /** Why a second trace cannot start while one runs, in its Go's words. */
  readonly traceBusy: string;
}

/** go1.19's and go1.24's words. */
const RUNTIME_TRACE_BUSY = 'runtime error: tracing is already enabled';
/** go1.26's and go1.27's words. */
const TRACER_BUSY = 'execution tracer already enabled';

export const PPROF_BUILDS: readonly PprofBuild[] = [
  { from: '19.03', observed: '20.10.24 (go1.19.8)', index: 'go1.19', extraProfiles: [], traceFormat: '1.19', traceBusy: RUNTIME_TRACE_BUSY },
  { from: '26.0', observed: '26.1.5 (go1.24.4)', index: 'go1.24', extraProfiles: [], traceFormat: '1.23', traceBusy: RUNTIME_TRACE_BUSY },
  { from: '28.0', observed: '28.5.2 (go1.27.1)', index: 'go1.24', extraProfiles: ['goroutineleak'], traceFormat: '1.26', traceBusy: TRACER_BUSY },
  { from: '29.0', observed: '29.7.2 (go1.26.10)', index: 'go1.24', extraProfiles: [], traceFormat: '1.26', traceBusy: TRACER_BUSY },
];

/** The row of `release`. */
export const pprofBuildOf = (release: string): PprofBuild => [...PPROF_BUILDS].reverse().find((build) => !isOlder(release, build.from)) ?? PPROF_BUILDS[0]!;
