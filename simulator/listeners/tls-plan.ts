import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { BrandNames } from '../../specs/brands.js';
import { TLS_ENV_IGNORED } from '../quirks/listeners/tls-env-ignored.js';
import { TLS_REQUIRES_CLIENT_CERT, verifiesWithTls } from '../quirks/listeners/tls-requires-client-cert.js';
import { ENV_ZERO_OFF } from '../quirks/listeners/env-zero-off.js';
import { CERT_PATH_CA_ONLY } from '../quirks/listeners/cert-path-ca-only.js';

/**
 * What the TLS options of flags, file and environment add up to (daemon.md › Authentication 2–3),
 * as dockerd's SetDefaultOptions reads them: naming `tlsverify` at all (flag or file, true or
 * false) turns TLS on; `<PREFIX>TLS_VERIFY` non-empty is `--tlsverify`; the files default to
 * ca.pem, cert.pem and key.pem in `<PREFIX>CERT_PATH` (else ~/.ctr or ~/.docker), and a default
 * certificate or key that does not exist is dropped (the CA never is: observed, `--tls` alone
 * fails with `could not read CA certificate "/root/.docker/ca.pem"`).
 */
export interface TlsPlan {
  readonly enabled: boolean;
  /** Client certificates are required and verified against the CA. */
  readonly verify: boolean;
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  /** `--tls=false` / `--tlsverify=false` or the same in the file: the 27.0 rule's trigger. */
  readonly explicitlyDisabled: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The certificate directory: `<PREFIX>CERT_PATH`, else `~/.ctr` (`~/.docker`). */
export function certDirectory(names: BrandNames, env: Env): string {
  const fromEnv = env[`${names.envPrefix}CERT_PATH`];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return homeCertDirectory(names, env);
}

/** `~/.ctr` (`~/.docker`): the certificate directory when `<PREFIX>CERT_PATH` is not set. */
const homeCertDirectory = (names: BrandNames, env: Env): string => join(env['HOME'] ?? homedir(), `.${names.envPrefix.slice(0, -1).toLowerCase()}`);

/** The TLS options given on the command line (undefined: not given). */
export interface TlsFlags {
  readonly tls: boolean | undefined;
  readonly tlsverify: boolean | undefined;
  readonly tlscacert: string | undefined;
  readonly tlscert: string | undefined;
  readonly tlskey: string | undefined;
}

export function planTls(
  flags: TlsFlags,
  doc: Readonly<Record<string, unknown>>,
  env: Env,
  names: BrandNames,
  faults: ReadonlySet<string>,
  quirks: ReadonlySet<string> = new Set(),
): TlsPlan {
  // The flag, else the file's key (its type checked as the file was loaded).
  const pick = <K extends keyof TlsFlags>(key: K): TlsFlags[K] => flags[key] ?? (doc[key] as TlsFlags[K]);
  const verifySetting = pick('tlsverify');
  // Fault (tls.env-verify): <PREFIX>TLS_VERIFY is ignored.
  // Quirk observed.tls.env-verify: the releases ignore it too.
  const envValue = env[`${names.envPrefix}TLS_VERIFY`] ?? '';
  // Quirk hypothetical.tls.env-verify.zero-off: "0" and "false" read as off.
  const readAsOff = quirks.has(ENV_ZERO_OFF) && (envValue === '0' || envValue === 'false');
  const verifyFromEnv = envValue !== '' && !faults.has('tls.env-verify') && !quirks.has(TLS_ENV_IGNORED) && !readAsOff;
  const tlsSetting = pick('tls');
  // Quirk observed.tls.encrypts: --tls verifies clients too unless tlsverify is set false.
  const verify = quirks.has(TLS_REQUIRES_CLIENT_CERT) ? verifiesWithTls(verifySetting, tlsSetting, verifyFromEnv) : (verifySetting ?? verifyFromEnv);
  // Fault (tls.encrypts): --tls alone (without verification) leaves TLS off.
  const enabled = verifySetting !== undefined || verify || (tlsSetting === true && !faults.has('tls.encrypts'));
  const dir = certDirectory(names, env);
  // Fault (tls.cert-path): the defaults ignore <PREFIX>CERT_PATH. Asked only where a default path is
  // read and used: the files are loaded only when TLS is on (daemon/start.ts).
  let defaults: string | undefined;
  const defaultDir = (): string => (defaults ??= enabled && faults.has('tls.cert-path') ? join(env['HOME'] ?? homedir(), '.ctr-none') : dir);
  // Quirk hypothetical.tls.cert-path.ca-only: the certificate and key default to the home directory's, whatever <PREFIX>CERT_PATH says.
  const homeDir = homeCertDirectory(names, env);
  const file = (key: 'tlscacert' | 'tlscert' | 'tlskey', name: string, dropMissingDefault: boolean): string => {
    const given = pick(key);
    if (given !== undefined) return given;
    const path = join(quirks.has(CERT_PATH_CA_ONLY) && name !== 'ca.pem' ? homeDir : defaultDir(), name);
    return dropMissingDefault && !existsSync(path) ? '' : path;
  };
  return {
    enabled,
    verify,
    caFile: file('tlscacert', 'ca.pem', false),
    certFile: file('tlscert', 'cert.pem', true),
    keyFile: file('tlskey', 'key.pem', true),
    explicitlyDisabled: tlsSetting === false || verifySetting === false,
  };
}
