import type { TarRecord } from '../objects/index.js';

/**
 * A record of the mount point MkdirAll makes (or runc's empty file, for a bind of a file): 0755,
 * root's, of `now`; extracted as an upload's entry it makes the missing parents as MkdirAll does.
 */
export const mountPointRecord = (path: string, directory: boolean, now: Date): TarRecord => ({
  name: directory ? `${path.replace(/^\//, '')}/` : path.replace(/^\//, ''),
  type: directory ? 'directory' : 'file',
  typeflag: directory ? '5' : '0',
  mode: 0o755,
  uid: 0,
  gid: 0,
  mtime: now,
  linkname: '',
  devmajor: 0,
  devminor: 0,
  pax: {},
  content: Buffer.alloc(0),
});
