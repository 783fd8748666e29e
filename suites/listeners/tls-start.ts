import { join } from 'node:path';
import type { SuiteContext } from '../harness/context.js';
import type { StartRequest } from '../targets/target.js';
import { makeRunDir, removeRunDir } from '../targets/temp-dir.js';
import { sharedTlsMaterial, writeTlsFiles, type TlsMaterial } from './certificates.js';
import { withFreePort } from './ports.js';

/** A TLS set-up written for one start: the files, the flags naming them, the port. */
export interface TlsFiles {
  readonly dir: string;
  readonly material: TlsMaterial;
  readonly port: number;
  /** `--tlscacert <ca> --tlscert <cert> --tlskey <key>` */
  readonly fileArgs: readonly string[];
}

/**
 * Writes the shared test certificates (server certificate and key, the CA) into a fresh
 * directory as ca.pem, cert.pem and key.pem, picks a free port, runs `use`, and removes the
 * directory. `serverKey` replaces the key (an encrypted one, say).
 */
export async function withTlsFiles<T>(use: (files: TlsFiles) => Promise<T>, serverKey?: (material: TlsMaterial) => string): Promise<T> {
  const material = await sharedTlsMaterial();
  const dir = makeRunDir();
  try {
    writeTlsFiles(dir, { ca: material.ca.cert, cert: material.server.cert, key: serverKey?.(material) ?? material.server.key });
    return await withFreePort((port) =>
      use({ dir, material, port, fileArgs: ['--tlscacert', join(dir, 'ca.pem'), '--tlscert', join(dir, 'cert.pem'), '--tlskey', join(dir, 'key.pem')] }),
    );
  } finally {
    removeRunDir(dir);
  }
}

/** `--tlsverify` with the files and a TCP listener on the port. */
export const verifyingStart = (files: TlsFiles): StartRequest => ({ args: ['--tlsverify', ...files.fileArgs, '-H', `tcp://127.0.0.1:${files.port}`] });

/** The environment variable of the target's profile (CTR_CERT_PATH, DOCKER_TLS_VERIFY, …). */
export const profileVariable = (ctx: SuiteContext, name: 'CERT_PATH' | 'TLS_VERIFY'): string => `${ctx.profile.names.envPrefix}${name}`;
