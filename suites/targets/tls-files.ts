import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TlsSettings } from '../http/endpoint.js';
import { TargetError } from './target.js';

/**
 * Client TLS settings the way the docker CLI takes them: with `<PREFIX>TLS_VERIFY` set, the CA,
 * certificate and key are `ca.pem`, `cert.pem` and `key.pem` in `<PREFIX>CERT_PATH`. Undefined
 * when TLS_VERIFY is not set. `prefixes` are tried in order (the profile's first).
 */
export function tlsFromEnvironment(env: Readonly<Record<string, string | undefined>>, prefixes: readonly string[]): TlsSettings | undefined {
  const prefix = prefixes.find((p) => (env[`${p}TLS_VERIFY`] ?? '') !== '');
  if (prefix === undefined) return undefined;
  const dir = env[`${prefix}CERT_PATH`];
  if (dir === undefined || dir === '')
    throw new TargetError('TARGET_SPEC', `${prefix}TLS_VERIFY is set but ${prefix}CERT_PATH is not: where are ca.pem, cert.pem and key.pem?`);
  const read = (name: string): string => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch (error) {
      throw new TargetError('TARGET_SPEC', `cannot read ${join(dir, name)} (${prefix}CERT_PATH): ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  };
  return { ca: read('ca.pem'), cert: read('cert.pem'), key: read('key.pem') };
}
