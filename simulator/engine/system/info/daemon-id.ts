import { createHash, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InfoStyle } from '../../../../specs/info-fields.js';

/**
 * The daemon's ID, made on first use and kept under the data root as the emulated release keeps
 * it: a UUID in `engine-id` (23.0 and later), or the key id of a trust key in `key.json` (20.10).
 */
export function loadDaemonId(dataRoot: string, style: InfoStyle): string {
  const path = join(dataRoot, style.idFile);
  const kept = readKept(path, style);
  if (kept !== null) return kept;
  const { id, text } = style.id === 'engine-id' ? newEngineId() : newTrustKey();
  try {
    // `wx`: another process of the same data root that got there first wins.
    writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
    return id;
  } catch {
    return readKept(path, style) ?? id;
  }
}

function readKept(path: string, style: InfoStyle): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  if (style.id === 'engine-id') {
    const id = text.trim();
    return id === '' ? null : id;
  }
  try {
    const kid = (JSON.parse(text) as { kid?: unknown }).kid;
    return typeof kid === 'string' && kid !== '' ? kid : null;
  } catch {
    return null;
  }
}

function newEngineId(): { id: string; text: string } {
  const id = randomUUID();
  return { id, text: id };
}

function newTrustKey(): { id: string; text: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = trustKeyId(publicKey);
  const jwk = privateKey.export({ format: 'jwk' });
  // The field order of libtrust's JWK, as 20.10 writes it.
  const text = JSON.stringify({ crv: jwk.crv, d: jwk.d, kid, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return { id: kid, text };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** libtrust's key id: the first 240 bits of the SHA-256 of the public key's SPKI, base32, in groups of four. */
export function trustKeyId(publicKey: KeyObject): string {
  const digest = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest()
    .subarray(0, 30);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join(':');
}
