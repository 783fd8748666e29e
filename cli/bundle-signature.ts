import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { inputLimits, readInputFile } from '../common/index.js';
import { sha256 } from './bundle-manifest.js';
import { reason } from './preflight.js';
import { UsageError } from './usage-error.js';

/** Ed25519 through node:crypto: `sign(null, …)`, as Ed25519 hashes the message itself. */
async function readKey(flag: string, file: string, make: (pem: Buffer) => KeyObject): Promise<KeyObject> {
  let key: KeyObject;
  try {
    // A regular file within the limit: a FIFO or a device given as a key is refused, not waited on.
    key = make(await readInputFile(file, inputLimits()));
  } catch (error) {
    throw new UsageError(`${flag} ${file}: not a readable key in PEM (${reason(error)})`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new UsageError(`${flag} ${file}: an ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519 (make one: openssl genpkey -algorithm ed25519)`);
  return key;
}

/** The Ed25519 private key `--sign-key` names; anything else is a UsageError. */
export const readPrivateKey = (file: string): Promise<KeyObject> => readKey('--sign-key', file, (pem) => createPrivateKey(pem));

/** The Ed25519 public key `--public-key` names (a private key's public half will do); anything else is a UsageError. */
export const readPublicKey = (file: string): Promise<KeyObject> => readKey('--public-key', file, (pem) => createPublicKey(pem));

/** The detached signature of `data` (64 bytes). */
export const signDetached = (data: Uint8Array, key: KeyObject): Buffer => sign(null, data, key);

export function verifyDetached(data: Uint8Array, signature: Uint8Array, key: KeyObject): boolean {
  try {
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}

/** The SHA-256 of a key's public half (SPKI DER), first 16 hex digits: how output names a key. */
export const fingerprint = (key: KeyObject): string =>
  sha256((key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' }))
    .slice(0, 16)
    .replace(/(.{4})(?!$)/g, '$1:');
