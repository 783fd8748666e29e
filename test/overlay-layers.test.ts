import { posix } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { type FsEntry, OPAQUE_MARKER, overlaid, WHITEOUT_PREFIX, whiteoutAt } from '../simulator/engine/objects/index.js';
import { replayParameters } from './helpers/replay.js';

/**
 * simulator/engine/objects/overlay.ts: a layer over the layers below, as overlay and an image
 * layer's applier merge them. The comparisons with the real daemons (uploads, commits, loads) check
 * what each release makes of it; these properties check the merge itself on generated layers.
 */

const PATHS = ['/a', '/a/b', '/a/b/c', '/d', '/d/e', '/f'];
const entryAt = (path: string, type: FsEntry['type'], opaque = false): FsEntry => ({
  path,
  type,
  size: 0,
  mode: 0o755,
  mtime: new Date(0),
  linkname: type === 'symlink' ? 'x' : '',
  content: Buffer.alloc(0),
  ...(opaque ? { opaque: true as const } : {}),
});

/** A consistent layer: no entry below one that is no directory. */
const layer = (withMarkers: boolean): fc.Arbitrary<FsEntry[]> =>
  fc
    .uniqueArray(
      fc.record({
        path: fc.constantFrom(...PATHS),
        type: fc.constantFrom<FsEntry['type']>('directory', 'directory', 'file', 'symlink'),
        marker: withMarkers ? fc.constantFrom(null, null, null, 'whiteout', 'opaque-marker', 'opaque-dir', 'device') : fc.constant(null),
      }),
      { selector: (e) => e.path, maxLength: 6 },
    )
    .map((made) => {
      const entries = made
        .sort((a, b) => (a.path < b.path ? -1 : 1))
        .flatMap(({ path, type, marker }): FsEntry[] => {
          if (marker === 'whiteout') return [entryAt(posix.join(posix.dirname(path), `${WHITEOUT_PREFIX}${posix.basename(path)}`), 'file')];
          if (marker === 'device') return [whiteoutAt(path, new Date(0))];
          if (marker === 'opaque-marker') return [entryAt(path, 'directory'), entryAt(posix.join(path, OPAQUE_MARKER), 'file')];
          if (marker === 'opaque-dir') return [entryAt(path, 'directory', true)];
          return [entryAt(path, type)];
        });
      // Nothing lies below what is no directory in the same layer, and a layer holds its entries' parents (a tar's, a copy-up's).
      const kept = entries.filter((e) => !entries.some((o) => o.type !== 'directory' && e.path.startsWith(`${o.path}/`)));
      const ancestors = (path: string): string[] => (posix.dirname(path) === '/' ? [] : [posix.dirname(path), ...ancestors(posix.dirname(path))]);
      const parents = kept.flatMap((e) => ancestors(e.path)).filter((dir, i, all) => all.indexOf(dir) === i && !kept.some((e) => e.path === dir));
      return [...parents.map((dir) => entryAt(dir, 'directory')), ...kept].sort((a, b) => (a.path < b.path ? -1 : 1));
    });

const isMarker = (entry: FsEntry): boolean =>
  posix.basename(entry.path).startsWith(WHITEOUT_PREFIX) || (entry.type === 'char' && !entry.devmajor && !entry.devminor);

t.test('a layer over another: its entries win, its markers are none, and nothing is left below what is no directory', async () => {
  fc.assert(
    fc.property(layer(false), layer(true), (lower, upper) => {
      const merged = overlaid(lower, upper);
      const byPath = new Map(merged.map((e) => [e.path, e]));
      for (const entry of upper) if (!isMarker(entry) && byPath.get(entry.path) !== entry) throw new Error(`${entry.path} of the upper layer is not there`);
      for (const entry of merged) {
        if (isMarker(entry)) throw new Error(`the marker ${entry.path} is an entry`);
        for (const other of merged)
          if (other.type !== 'directory' && entry.path.startsWith(`${other.path}/`)) throw new Error(`${entry.path} below ${other.path}`);
      }
      for (const entry of upper) {
        const name = posix.basename(entry.path);
        const hidden =
          name === OPAQUE_MARKER || entry.opaque === true
            ? (e: FsEntry) => e.path.startsWith(`${name === OPAQUE_MARKER ? posix.dirname(entry.path) : entry.path}/`)
            : name.startsWith(WHITEOUT_PREFIX)
              ? (e: FsEntry) => {
                  const gone = posix.join(posix.dirname(entry.path), name.slice(WHITEOUT_PREFIX.length));
                  return e.path === gone || e.path.startsWith(`${gone}/`);
                }
              : isMarker(entry)
                ? (e: FsEntry) => e.path === entry.path || e.path.startsWith(`${entry.path}/`)
                : null;
        if (hidden === null) continue;
        const left = merged.find((e) => hidden(e) && lower.includes(e) && !upper.includes(e));
        if (left !== undefined) throw new Error(`${left.path} of the lower layer is left where ${entry.path} hides it`);
      }
    }),
    replayParameters(),
  );
});

t.test('an empty upper layer leaves the lower as it is', async () => {
  fc.assert(
    fc.property(layer(false), (lower) => {
      const merged = overlaid(lower, []);
      if (merged.length !== lower.length || merged.some((e, i) => e !== lower[i])) throw new Error('the lower layer changed');
    }),
    replayParameters(),
  );
});
