/** Go's words (syscall.Errno's Error) for the errno codes Node reports of a host file operation. */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EEXIST: 'file exists',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on device',
  ENOTDIR: 'not a directory',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
};

/** Go's words for an errno code Node reports, or undefined where they are not known here. */
export const goErrnoWords = (code: string | undefined): string | undefined => ERRNO_WORDS[code ?? ''];

/** An *os.PathError's words: `<op> <path>: <errno's words>` (Node's message where Go's words are not known here). */
export function goPathError(op: string, path: string, error: NodeJS.ErrnoException): string {
  return `${op} ${path}: ${ERRNO_WORDS[error.code ?? ''] ?? error.message}`;
}
