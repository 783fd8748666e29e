import { createPrivateKey, KeyObject, webcrypto } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as X509 from '@peculiar/x509';

/** A certificate and its private key, both PEM. */
export interface PemPair {
  readonly cert: string;
  readonly key: string;
}

/**
 * Everything the TLS rules need, generated once per process: no private key is checked in.
 * `server` carries the SANs 127.0.0.1, localhost and the namespace addresses the suites use;
 * `client` is signed by `ca`, `otherClient` by a CA the daemon does not trust, `expiredClient`
 * by `ca` but past its notAfter; `encryptedServerKey` is `server.key` in the legacy
 * "Proc-Type: 4,ENCRYPTED" PEM form that the daemons refuse from 23.0.
 */
export interface TlsMaterial {
  readonly ca: PemPair;
  readonly server: PemPair;
  readonly client: PemPair;
  readonly otherClient: PemPair;
  readonly expiredClient: PemPair;
  readonly encryptedServerKey: string;
}

/** Addresses the server certificate names besides the loopback ones (the namespace listeners). */
export const SERVER_CERT_IPS: readonly string[] = ['127.0.0.1', '10.250.0.1', '10.250.0.2'];

const ALGORITHM: EcKeyGenParams & EcdsaParams = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY_MS = 24 * 60 * 60 * 1000;

type X509Module = typeof X509;

/** Loaded on first use: the library (and the reflect polyfill it needs) costs start-up time no other rule should pay. */
async function loadX509(): Promise<X509Module> {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  return x509;
}

interface Issuer {
  readonly name: string;
  readonly keys: CryptoKeyPair;
}

const generateKeys = (): Promise<CryptoKeyPair> => webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

const keyPem = (key: CryptoKey): string =>
  KeyObject.from(key as webcrypto.CryptoKey)
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

async function makeCa(x509: X509Module, commonName: string): Promise<Issuer & { readonly pem: PemPair }> {
  const keys = await generateKeys();
  const name = `CN=${commonName}`;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name,
    keys,
    signingAlgorithm: ALGORITHM,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 30 * DAY_MS),
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { name, keys, pem: { cert: cert.toString('pem'), key: keyPem(keys.privateKey) } };
}

interface LeafOptions {
  readonly commonName: string;
  readonly usage: 'server' | 'client';
  readonly expired?: boolean;
}

async function makeLeaf(x509: X509Module, issuer: Issuer, options: LeafOptions): Promise<PemPair> {
  const keys = await generateKeys();
  const now = Date.now();
  const extensions: X509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
    new x509.ExtendedKeyUsageExtension([options.usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
    await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey),
  ];
  if (options.usage === 'server') {
    extensions.push(
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'localhost' }, ...SERVER_CERT_IPS.map((value) => ({ type: 'ip' as const, value }))]),
    );
  }
  const cert = await x509.X509CertificateGenerator.create({
    subject: `CN=${options.commonName}`,
    issuer: issuer.name,
    publicKey: keys.publicKey,
    signingKey: issuer.keys.privateKey,
    signingAlgorithm: ALGORITHM,
    notBefore: new Date(options.expired ? now - 10 * DAY_MS : now - DAY_MS),
    notAfter: new Date(options.expired ? now - 2 * DAY_MS : now + 30 * DAY_MS),
    extensions,
  });
  return { cert: cert.toString('pem'), key: keyPem(keys.privateKey) };
}

/** The legacy OpenSSL form (RFC 1421 headers) that Go's x509.IsEncryptedPEMBlock recognises. */
const legacyEncrypted = (keyPemText: string): string =>
  createPrivateKey(keyPemText).export({ type: 'sec1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'ctr-conformance' }).toString();

async function generate(): Promise<TlsMaterial> {
  const x509 = await loadX509();
  const ca = await makeCa(x509, 'ctr-conformance test CA');
  const otherCa = await makeCa(x509, 'ctr-conformance untrusted CA');
  const server = await makeLeaf(x509, ca, { commonName: 'ctrd', usage: 'server' });
  return {
    ca: ca.pem,
    server,
    client: await makeLeaf(x509, ca, { commonName: 'client', usage: 'client' }),
    otherClient: await makeLeaf(x509, otherCa, { commonName: 'client of another CA', usage: 'client' }),
    expiredClient: await makeLeaf(x509, ca, { commonName: 'expired client', usage: 'client', expired: true }),
    encryptedServerKey: legacyEncrypted(server.key),
  };
}

let shared: Promise<TlsMaterial> | undefined;

/** The process-wide material, generated on first use. */
export function sharedTlsMaterial(): Promise<TlsMaterial> {
  shared ??= generate();
  return shared;
}

/** Writes ca.pem, cert.pem and key.pem (0600) into `dir`, the names the daemons look for by default. */
export function writeTlsFiles(dir: string, files: { readonly ca: string; readonly cert: string; readonly key: string }): void {
  writeFileSync(join(dir, 'ca.pem'), files.ca);
  writeFileSync(join(dir, 'cert.pem'), files.cert);
  const keyPath = join(dir, 'key.pem');
  writeFileSync(keyPath, files.key, { mode: 0o600 });
  chmodSync(keyPath, 0o600);
}

/** `--tlsverify` with the files writeTlsFiles wrote into `dir`. */
export const tlsVerifyFlags = (dir: string): string[] => [
  '--tlsverify',
  '--tlscacert',
  join(dir, 'ca.pem'),
  '--tlscert',
  join(dir, 'cert.pem'),
  '--tlskey',
  join(dir, 'key.pem'),
];
