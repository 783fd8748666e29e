import { REPORT_FILES } from '../reports/write.js';

/** The files of a certification bundle (`certify --out DIR`), beside the three reports. */
export const BUNDLE_FILES = Object.freeze({
  ...REPORT_FILES,
  /** Every exchange of the run, for `--target replay:FILE`. */
  transcript: 'transcript.json.gz',
  /** Tool, lockfile hash, seed, options and target: what was certified, with what. */
  certification: 'certification.json',
  badge: 'badge.svg',
  /** SHA-256 of every other file but the signature. */
  manifest: 'manifest.json',
  /** Detached Ed25519 signature of manifest.json's bytes (raw, 64 bytes). */
  signature: 'manifest.sig',
});
