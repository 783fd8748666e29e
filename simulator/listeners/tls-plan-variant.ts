import { homedir } from 'node:os';
import { join } from 'node:path';
import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * What adding up the TLS options (tls-plan.ts: planTls) may do differently from the document.
 * REFERENCE_TLS_PLAN is the document's; each fault and quirk that changes it is one row of
 * TLS_PLAN_VARIATIONS.
 */
export interface TlsPlanVariant {
  /** `<PREFIX>TLS_VERIFY` non-empty is `--tlsverify` (read only where it is set). */
  readonly envVerifyRead: boolean;
  /** The values of `<PREFIX>TLS_VERIFY` read as off. */
  readonly envValuesOff: readonly string[];
  /** Whether clients are verified, of the tlsverify setting (flag or file), the environment's and the tls setting. */
  readonly verifies: (verifySetting: boolean | undefined, tlsSetting: boolean | undefined, verifyFromEnv: boolean) => boolean;
  /** `--tls` alone (without verification) turns TLS on. */
  readonly tlsAloneEncrypts: boolean;
  /** The directory of the default files when TLS is on, of the certificate directory (`<PREFIX>CERT_PATH`, else ~/.ctr). */
  readonly defaultDirectory: (certDirectory: string, env: Env) => string;
  /** cert.pem and key.pem default to ~/.ctr (~/.docker), whatever `<PREFIX>CERT_PATH` says. */
  readonly keyPairFromHome: boolean;
}

/** The document's TLS options. */
export const REFERENCE_TLS_PLAN: TlsPlanVariant = Object.freeze({
  envVerifyRead: true,
  envValuesOff: Object.freeze([]),
  verifies: (verifySetting: boolean | undefined, _tlsSetting: boolean | undefined, verifyFromEnv: boolean) => verifySetting ?? verifyFromEnv,
  tlsAloneEncrypts: true,
  defaultDirectory: (certDirectory: string) => certDirectory,
  keyPairFromHome: false,
});

/** Fault (tls.cert-path): the defaults ignore `<PREFIX>CERT_PATH` (a home directory that holds none). */
const elsewhere = (_certDirectory: string, env: Env): string => join(env['HOME'] ?? homedir(), '.ctr-none');

/** Quirk observed.tls.encrypts (moby cmd/dockerd): with TLS on, clients are verified unless tlsverify was set to false explicitly. */
const verifiesWithTls = (verifySetting: boolean | undefined, tlsSetting: boolean | undefined, verifyFromEnv: boolean): boolean =>
  verifySetting ?? (verifyFromEnv || tlsSetting === true);

/**
 * Each fault and quirk of the TLS options, and what it sets; the later row wins (of reading
 * `<PREFIX>TLS_VERIFY`, the fault over the observed quirk: the order the old branches asked them in).
 */
export const TLS_PLAN_VARIATIONS: readonly VariationRow<TlsPlanVariant>[] = [
  // Quirks (specs/quirks/listeners.ts, specs/known-deviations.ts).
  // <PREFIX>TLS_VERIFY=0 or =false is read as off.
  ['hypothetical.tls.env-verify.zero-off', { envValuesOff: Object.freeze(['0', 'false']) }],
  // Observed (20.10, 26.1, 28.5): <PREFIX>TLS_VERIFY is ignored by the daemon.
  ['observed.tls.env-verify', { envVerifyRead: false }],
  // Observed (20.10, 26.1, 28.5): --tls without --tlsverify still requires and verifies client certificates.
  ['observed.tls.encrypts', { verifies: verifiesWithTls }],
  // <PREFIX>CERT_PATH moves ca.pem only.
  ['hypothetical.tls.cert-path.ca-only', { keyPairFromHome: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['tls.env-verify', { envVerifyRead: false }],
  ['tls.encrypts', { tlsAloneEncrypts: false }],
  ['tls.cert-path', { defaultDirectory: elsewhere }],
];

/** The TLS options of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const tlsPlanVariant = perConfigVariant(REFERENCE_TLS_PLAN, TLS_PLAN_VARIATIONS);
