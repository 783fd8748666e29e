import type { PprofBuild } from './pprof-builds.js';

/**
 * net/http/pprof's Index page (/debug/pprof/): every profile sorted by name with its count and a
 * link, then their descriptions, in the text of the release's Go (observed on 20.10.24 for
 * go1.19, 26.1.5, 28.5.2 and 29.7.2 for the later layout: only the counts differ between runs).
 */

/** The page's opening, to the table's head, by layout. */
const OPENING = {
  'go1.19': '/debug/pprof/<br>\n<br>\n',
  'go1.24': '/debug/pprof/\n<br>\n<p>Set debug=1 as a query parameter to export in legacy text format</p>\n<br>\n',
} as const;

const HEAD = '<html>\n<head>\n<title>/debug/pprof/</title>\n<style>\n.profile-name{\n\tdisplay:inline-block;\n\twidth:6rem;\n}\n</style>\n</head>\n<body>\n';

const GOROUTINE_STACKS_NOTE = ' Use debug=2 as a query parameter to export in the same format as an unrecovered panic.';

/** The descriptions (profileDescriptions), as the page escapes them. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  allocs: 'A sampling of all past memory allocations',
  block: 'Stack traces that led to blocking on synchronization primitives',
  cmdline: 'The command line invocation of the current program',
  goroutine: 'Stack traces of all current goroutines',
  goroutineleak: `Stack traces of all leaked goroutines.${GOROUTINE_STACKS_NOTE}`,
  heap: 'A sampling of memory allocations of live objects. You can specify the gc GET parameter to run GC before taking the heap sample.',
  mutex: 'Stack traces of holders of contended mutexes',
  profile:
    'CPU profile. You can specify the duration in the seconds GET parameter. After you get the profile file, use the go tool pprof command to investigate the profile.',
  symbol:
    'Maps given program counters to function names. Counters can be specified in a GET raw query or POST body, multiple counters are separated by &#39;+&#39;.',
  threadcreate: 'Stack traces that led to the creation of new OS threads',
  trace:
    'A trace of execution of the current program. You can specify the duration in the seconds GET parameter. After you get the trace file, use the go tool trace command to investigate the trace.',
};

/** The handlers' own entries (no count): symbol among them from Go 1.24. */
const handlerEntries = (build: PprofBuild): string[] =>
  build.index === 'go1.19' ? ['cmdline', 'profile', 'trace'] : ['cmdline', 'profile', 'symbol', 'trace'];

const description = (name: string, build: PprofBuild): string =>
  name === 'goroutine' && build.index !== 'go1.19' ? `${DESCRIPTIONS[name]}.${GOROUTINE_STACKS_NOTE}` : (DESCRIPTIONS[name] ?? '');

/** The page, `counts` giving each runtime profile's count. */
export function pprofIndexPage(build: PprofBuild, counts: ReadonlyMap<string, number>): string {
  const names = [...counts.keys(), ...handlerEntries(build)].sort();
  const rows = names.map((name) => `<tr><td>${counts.get(name) ?? 0}</td><td><a href='${name}?debug=1'>${name}</a></td></tr>\n`).join('');
  const items = names.map((name) => `<li><div class=profile-name>${name}: </div> ${description(name, build)}</li>\n`).join('');
  return (
    `${HEAD}${OPENING[build.index]}Types of profiles available:\n<table>\n<thead><td>Count</td><td>Profile</td></thead>\n${rows}</table>\n` +
    `<a href="goroutine?debug=2">full goroutine stack dump</a>\n<br>\n<p>\nProfile Descriptions:\n<ul>\n${items}</ul>\n</p>\n</body>\n</html>`
  );
}
