import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { IMPLEMENTATIONS } from '../simulator/index.js';
import { quirkPlaces } from '../simulator/quirks/registry.js';

/**
 * The `where` of an implementation record (simulator/implementation.ts) and of a quirk module
 * (quirkPlaces: the tables whose rows name a quirk) tells a reader where to look: every path it names is relative to the
 * repository root and exists, and a symbol that follows a path ("simulator/config/flags/argv.ts:
 * parseArgv, …") is in that file.
 */
const root = new URL('../../', import.meta.url);

/** Repository-relative paths of .ts files: at least one folder, no leading "./". */
const PATH = /(?<![\w./-])((?:[a-z][\w-]*\/)+[\w.-]+\.ts)(?!\w)/g;
/** What reads as code rather than prose: camelCase, an inner capital, or CONSTANT_CASE. */
const SYMBOL = /^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)$/;

/** The paths a `where` names, each with the symbols listed right after it (after ":" or in parentheses, separated by ","). */
function namedPlaces(where: string): { path: string; symbols: string[] }[] {
  const matches = [...where.matchAll(PATH)];
  return matches.map((match, i) => {
    const end = matches[i + 1]?.index ?? where.length;
    const after = where.slice(match.index + match[1]!.length, end).split(';')[0]!;
    const symbols: string[] = [];
    // "path: a, b (…)" or "path (a, b)": the symbols listed right after the path.
    const listed = after.startsWith(':') ? after.slice(1) : (/^\s*\(([^)]*)\)/.exec(after)?.[1] ?? '');
    for (const part of listed.split(',')) {
      const word = /^\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1];
      if (word !== undefined && SYMBOL.test(word)) symbols.push(word);
    }
    return { path: match[1]!, symbols };
  });
}

const records: [owner: string, where: string][] = [
  ...IMPLEMENTATIONS.map((record): [string, string] => [`implementation (${record.rules.join(', ') || 'no rules'})`, record.where]),
  ...Object.entries(quirkPlaces()).map(([id, module]): [string, string] => [`quirk ${id}`, module.where]),
];

t.test('every where names at least one repository-relative path', async (t) => {
  for (const [owner, where] of records) t.ok(namedPlaces(where).length > 0, `${owner}: "${where}" names a path`);
});

t.test('every path a where names exists, and the symbols after it are in the file', async (t) => {
  const texts = new Map<string, string | null>();
  const text = (path: string): string | null => {
    if (!texts.has(path)) {
      const url = new URL(path, root);
      texts.set(path, existsSync(url) ? readFileSync(url, 'utf8') : null);
    }
    return texts.get(path)!;
  };
  let checked = 0;
  for (const [owner, where] of records) {
    for (const { path, symbols } of namedPlaces(where)) {
      const source = text(path);
      t.ok(source !== null, `${owner}: ${path} exists`);
      if (source === null) continue;
      for (const symbol of symbols) {
        t.ok(new RegExp(`\\b${symbol}\\b`).test(source), `${owner}: ${path} has ${symbol}`);
        checked++;
      }
    }
  }
  t.ok(checked > 50, `symbols checked: ${checked}`);
});

t.test('the reading of a where', async (t) => {
  t.same(namedPlaces('simulator/config/flags/argv.ts: parseArgv; simulator/config/command.ts: runCommandLine (usage errors, --help)'), [
    { path: 'simulator/config/flags/argv.ts', symbols: ['parseArgv'] },
    { path: 'simulator/config/command.ts', symbols: ['runCommandLine'] },
  ]);
  t.same(namedPlaces('simulator/quirks/x.ts, called from simulator/engine/images/shape.ts (shapeImageConfig)'), [
    { path: 'simulator/quirks/x.ts', symbols: [] },
    { path: 'simulator/engine/images/shape.ts', symbols: ['shapeImageConfig'] },
  ]);
  t.same(namedPlaces('simulator/engine/system/ping.ts: GET /_ping'), [{ path: 'simulator/engine/system/ping.ts', symbols: [] }]);
  t.same(namedPlaces('simulator/model-runner/routes/models.ts: createModel, listModels, the rest'), [
    { path: 'simulator/model-runner/routes/models.ts', symbols: ['createModel', 'listModels'] },
  ]);
});
