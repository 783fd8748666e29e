import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { BrandNames } from '../../specs/brands.js';
import { tlsPlanVariant } from './tls-plan-variant.js';

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
  // Where a fault or a quirk makes it differ, it reads the field of its variant (tls-plan-variant.ts),
  // resolved here from the faults and quirks the configuration is made with.
  const variant = tlsPlanVariant({ faults, quirks });
  const envValue = env[`${names.envPrefix}TLS_VERIFY`] ?? '';
  const readAsOff = variant.envValuesOff.includes(envValue);
  const verifyFromEnv = envValue !== '' && variant.envVerifyRead && !readAsOff;
  const tlsSetting = pick('tls');
  const verify = variant.verifies(verifySetting, tlsSetting, verifyFromEnv);
  const enabled = verifySetting !== undefined || verify || (tlsSetting === true && variant.tlsAloneEncrypts);
  const dir = certDirectory(names, env);
  // The default directory is asked only where a default path is read and used: the files are loaded
  // only when TLS is on (daemon/start.ts).
  let defaults: string | undefined;
  const defaultDir = (): string => (defaults ??= enabled ? variant.defaultDirectory(dir, env) : dir);
  const homeDir = homeCertDirectory(names, env);
  const file = (key: 'tlscacert' | 'tlscert' | 'tlskey', name: string, dropMissingDefault: boolean): string => {
    const given = pick(key);
    if (given !== undefined) return given;
    const path = join(variant.keyPairFromHome && name !== 'ca.pem' ? homeDir : defaultDir(), name);
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
