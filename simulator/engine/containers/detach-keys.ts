/** The key names moby/term's ToBytes knows, each standing for the byte of its index (ctrl-@ is 0). */
const CONTROL_KEYS = ['ctrl-@', ...'abcdefghijklmnopqrstuvwxyz'.split('').map((letter) => `ctrl-${letter}`), 'ctrl-[', 'ctrl-\\', 'ctrl-]', 'ctrl-^', 'ctrl-_'];

/**
 * moby/term's ToBytes: comma-separated keys, each one byte as written (Go's len counts bytes: the keys are read as latin1), a
 * control key by its name, or DEL; the bytes, or null for a sequence it refuses.
 */
export function detachKeyBytes(keys: Buffer): number[] | null {
  const bytes: number[] = [];
  for (const key of keys.toString('latin1').split(',')) {
    if (key.length === 1) bytes.push(key.charCodeAt(0));
    else if (CONTROL_KEYS.includes(key)) bytes.push(CONTROL_KEYS.indexOf(key));
    else if (key === 'DEL') bytes.push(127);
    else return null;
  }
  return bytes;
}
