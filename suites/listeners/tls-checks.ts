import fc from 'fast-check';
import type { SecureVersion } from 'node:tls';
import { checkProperty } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';
import type { StartRequest } from '../targets/target.js';
import type { PropertyOptions } from '../harness/property.js';
import type { TlsMaterial } from './certificates.js';
import { firstRecord, plainExchange, RECORD, sslv3ClientHello, tlsPing, type ClientSetup } from './tls-handshake.js';
import { profileVariable, verifyingStart, withTlsFiles, type TlsFiles } from './tls-start.js';
import { PLAIN_HTTP_ON_TLS_ANSWER } from '../../specs/messages.js';

type ClientKind = 'good' | 'none' | 'other-ca' | 'expired';

function clientSetup(material: TlsMaterial, kind: ClientKind): ClientSetup {
  const ca = material.ca.cert;
  if (kind === 'good') return { ca, cert: material.client.cert, key: material.client.key };
  if (kind === 'other-ca') return { ca, cert: material.otherClient.cert, key: material.otherClient.key };
  if (kind === 'expired') return { ca, cert: material.expiredClient.cert, key: material.expiredClient.key };
  return { ca };
}

/** Starts with `request`, runs `probe` while it serves; a start that fails breaks the rule. */
async function whileServing(ctx: SuiteContext, request: StartRequest, what: string, probe: () => Promise<void>): Promise<void> {
  const outcome = await startWith(ctx, request, async () => probe());
  if (!outcome.served) throw new Violation(`${what}: the daemon did not serve (${describe(request)}): ${excerpt(outcome.output)}`);
}

/** A client without TLS at all has no certificate either: it must never be served (Go answers its fixed 400). */
async function expectPlainRefused(ctx: SuiteContext, files: TlsFiles, what: string): Promise<void> {
  const plain = ctx.clientFor({ kind: 'tcp', host: '127.0.0.1', port: files.port });
  try {
    const reply = await plain.request('GET', '/_ping', { timeoutMs: 5_000 }).catch(() => null);
    if (reply !== null && reply.status >= 200 && reply.status < 300)
      throw new Violation(`${what}: a plain-HTTP client (no TLS, no certificate) was served ${reply.status}`);
  } finally {
    plain.close();
  }
}

/** Only a client of the CA is answered; the others never see an HTTP answer. */
async function expectVerifying(files: TlsFiles, kinds: readonly ClientKind[], what: string, coverage?: PropertyOptions['coverage']): Promise<void> {
  for (const kind of kinds) {
    coverage?.hit(`client:${kind}`);
    const outcome = await tlsPing(files.port, clientSetup(files.material, kind));
    if (kind === 'good' && outcome.status !== 200)
      throw new Violation(`${what}: a client with a certificate of the CA got ${outcome.status ?? `no answer (${outcome.error ?? 'handshake failed'})`}`);
    if (kind !== 'good' && outcome.status !== null)
      throw new Violation(
        `${what}: a client with ${kind === 'none' ? 'no certificate' : kind === 'other-ca' ? 'a certificate of another CA' : 'an expired certificate'} was answered ${outcome.status}`,
      );
  }
}

export const tlsVerifyCheck: RuleCheck = {
  rule: 'tls.verify',
  documentedItems: () => ['client:plain', 'client:good', 'client:none', 'client:other-ca', 'client:expired'],
  run(ctx, _api, options) {
    const kinds = fc.shuffledSubarray<ClientKind>(['none', 'other-ca', 'expired'], { minLength: 1 }).map((bad) => ['good', ...bad] as ClientKind[]);
    return checkProperty(
      kinds,
      (order) =>
        withTlsFiles((files) =>
          whileServing(ctx, verifyingStart(files), '--tlsverify', async () => {
            // First, as soon as the daemon serves: a listener must not answer before its TLS is set up.
            options.coverage?.hit('client:plain');
            await expectPlainRefused(ctx, files, '--tlsverify');
            await expectVerifying(files, order, '--tlsverify', options.coverage);
          }),
        ),
      { ...options, numRuns: ctx.numStarts },
      'with --tlsverify a client of the CA is served; without a certificate, of another CA or expired it is not',
      [['good', 'none', 'other-ca', 'expired'] as ClientKind[]],
    );
  },
};

export const tlsEncryptsCheck: RuleCheck = {
  rule: 'tls.encrypts',
  documentedItems: () => ['client without a certificate', 'client with a certificate'],
  run(ctx, _api, options) {
    return checkProperty(
      fc.boolean(),
      (withClientCert) => {
        options.coverage?.hit(withClientCert ? 'client with a certificate' : 'client without a certificate');
        return withTlsFiles((files) =>
          whileServing(ctx, { args: ['--tls', ...files.fileArgs, '-H', `tcp://127.0.0.1:${files.port}`] }, '--tls', async () => {
            const outcome = await tlsPing(files.port, withClientCert ? clientSetup(files.material, 'good') : { ca: files.material.ca.cert });
            if (outcome.status !== 200)
              throw new Violation(
                `--tls: a TLS client trusting the CA ${withClientCert ? 'with' : 'without'} a certificate got ${outcome.status ?? `no answer (${outcome.error ?? ''})`}`,
              );
            const plain = ctx.clientFor({ kind: 'tcp', host: '127.0.0.1', port: files.port });
            try {
              const reply = await plain.request('GET', '/_ping', { timeoutMs: 5_000 }).catch(() => null);
              if (reply?.status === 200) throw new Violation('--tls: a plain-HTTP request to the TLS listener was answered 200');
            } finally {
              plain.close();
            }
          }),
        );
      },
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'with --tls the listener speaks TLS with the given certificate to any client, and never answers plain HTTP 200',
      [false, true],
    );
  },
};

export const tlsCertPathCheck: RuleCheck = {
  rule: 'tls.cert-path',
  run(ctx, _api, options) {
    return checkProperty(
      fc.constant(null),
      () =>
        withTlsFiles((files) =>
          // The client trusts only the suite's CA: an answer means the server presented cert.pem of the directory.
          whileServing(
            ctx,
            { args: ['--tlsverify', '-H', `tcp://127.0.0.1:${files.port}`], env: { [profileVariable(ctx, 'CERT_PATH')]: files.dir } },
            `${profileVariable(ctx, 'CERT_PATH')} without file flags`,
            () => expectVerifying(files, ['good'], `--tlsverify with ${profileVariable(ctx, 'CERT_PATH')}`),
          ),
        ),
      { ...options, numRuns: 1 },
      'the files default to ca.pem, cert.pem and key.pem of the certificate directory variable',
    );
  },
};

/** Non-empty values a release could plausibly read as "off" or "on": the document says any non-empty value verifies. */
const VERIFY_VALUES = ['0', 'false', '1'] as const;

export const tlsEnvVerifyCheck: RuleCheck = {
  rule: 'tls.env-verify',
  documentedItems: () => VERIFY_VALUES.map((v) => `value:${v}`),
  run(ctx, _api, options) {
    const value = fc.oneof(
      fc.constantFrom('1', 'true', 'yes', '0', 'false'),
      fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !/[\0=]/.test(s)),
    );
    return checkProperty(
      value,
      (verify) => {
        options.coverage?.hit(`value:${verify}`);
        return withTlsFiles((files) =>
          whileServing(
            ctx,
            { args: [...files.fileArgs, '-H', `tcp://127.0.0.1:${files.port}`], env: { [profileVariable(ctx, 'TLS_VERIFY')]: verify } },
            `${profileVariable(ctx, 'TLS_VERIFY')}=${JSON.stringify(verify)}`,
            () => expectVerifying(files, ['good', 'none'], `${profileVariable(ctx, 'TLS_VERIFY')}=${JSON.stringify(verify)}`),
          ),
        );
      },
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'any non-empty TLS_VERIFY variable verifies clients as --tlsverify does',
      [...VERIFY_VALUES],
    );
  },
};

const VERSIONS: readonly SecureVersion[] = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

export const tlsVersionsCheck: RuleCheck = {
  rule: 'tls.versions.supported',
  documentedItems: () => VERSIONS,
  run(ctx, _api, options) {
    return checkProperty(
      fc.shuffledSubarray([...VERSIONS], { minLength: VERSIONS.length }),
      (order) =>
        withTlsFiles((files) =>
          whileServing(ctx, verifyingStart(files), '--tlsverify', async () => {
            for (const version of order) options.coverage?.hit(version);
            // Every version is tried, so that the evidence says what each one got (the readings' claims rest on it).
            const got = new Map<SecureVersion, string>();
            for (const version of order) {
              const outcome = await tlsPing(files.port, { ...clientSetup(files.material, 'good'), minVersion: version, maxVersion: version });
              const served = outcome.protocol === version && outcome.status === 200;
              got.set(
                version,
                served
                  ? 'served'
                  : outcome.protocol === null
                    ? `no handshake (${outcome.error ?? ''})`
                    : `${outcome.protocol}, status ${outcome.status ?? 'none'}`,
              );
            }
            const failed = VERSIONS.filter((v) => got.get(v) !== 'served');
            if (failed.length > 0)
              throw new Violation(
                `${failed.map((v) => `a client limited to ${v} got ${got.get(v)}`).join('; ')} (${VERSIONS.filter((v) => got.get(v) === 'served').join(', ') || 'no version'} served)`,
              );
          }),
        ),
      { ...options, numRuns: 1 },
      'clients limited to TLS 1.0, 1.1, 1.2 and 1.3 each complete the handshake and are served',
    );
  },
};

export const tlsOldRefusedCheck: RuleCheck = {
  rule: 'tls.versions.old-refused',
  run(ctx, _api, options) {
    return checkProperty(
      fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 1, maxLength: 4 }),
      (randoms) =>
        withTlsFiles((files) =>
          whileServing(ctx, verifyingStart(files), '--tlsverify', async () => {
            for (const random of randoms) {
              const record = await firstRecord(files.port, sslv3ClientHello(Buffer.from(random)));
              if (record !== null && record.type !== RECORD.alert)
                throw new Violation(
                  `an SSLv3 ClientHello was answered with a record of type ${record.type} (version 0x${record.version.toString(16)}), not an alert or a close`,
                );
            }
            const after = await tlsPing(files.port, clientSetup(files.material, 'good'));
            if (after.status !== 200) throw new Violation(`after the SSLv3 attempts a client of the CA got ${after.status ?? 'no answer'}`);
          }),
        ),
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'SSLv3 ClientHellos get an alert or a close, and the daemon keeps serving',
    );
  },
};

export const tlsEncryptedKeyCheck: RuleCheck = {
  rule: 'tls.encrypted-key',
  run(ctx, _api, options) {
    return checkProperty(
      fc.constant(null),
      () =>
        withTlsFiles(
          async (files) => void (await expectRefused(ctx, verifyingStart(files), ['encrypted'], '--tlsverify with an encrypted key')),
          (material) => material.encryptedServerKey,
        ),
      { ...options, numRuns: 1 },
      'an encrypted private key stops the start, saying it is encrypted',
    );
  },
};

export const tlsPlainRequestCheck: RuleCheck = {
  rule: 'tls.plain-request',
  run(ctx, _api, options) {
    const methods = ['GET', 'HEAD', 'POST'] as const;
    const paths = ['/_ping', '/version', '/info', '/v1.41/version'] as const;
    const plain = ({ method, path, close }: { method: string; path: string; close: boolean }): { what: string; text: string } => ({
      what: `${method} ${path}`,
      text: `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${close ? 'Connection: close\r\n' : ''}Content-Length: 0\r\n\r\n`,
    });
    const request = fc.record({ method: fc.constantFrom(...methods), path: fc.constantFrom(...paths), close: fc.boolean() }).map(plain);
    // Every method on every path once, whatever the seed (a front that serves some plain requests serves only some).
    const everyRequest = methods.flatMap((method, m) => paths.map((path, p) => plain({ method, path, close: (m + p) % 2 === 0 })));
    return checkProperty(
      fc.array(request, { minLength: 1, maxLength: 4 }),
      (requests) =>
        withTlsFiles((files) =>
          whileServing(ctx, verifyingStart(files), '--tlsverify', async () => {
            for (const { what, text } of requests) {
              const { answer, closed } = await plainExchange(files.port, text);
              if (answer !== PLAIN_HTTP_ON_TLS_ANSWER)
                throw new Violation(
                  `plain HTTP ${what} on the TLS listener got ${JSON.stringify(answer.slice(0, 200))}, not Go's ${JSON.stringify(PLAIN_HTTP_ON_TLS_ANSWER)}`,
                );
              if (!closed) throw new Violation(`plain HTTP ${what} on the TLS listener: the connection stayed open after the refusal`);
            }
            const after = await tlsPing(files.port, clientSetup(files.material, 'good'));
            if (after.status !== 200) throw new Violation(`after the plain requests a client of the CA got ${after.status ?? 'no answer'}`);
          }),
        ),
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'plain HTTP on the TLS listener got 400 "Client sent an HTTP request to an HTTPS server." and a close',
      [everyRequest],
    );
  },
};

export const TLS_CHECKS: readonly RuleCheck[] = [
  tlsVerifyCheck,
  tlsEncryptsCheck,
  tlsCertPathCheck,
  tlsEnvVerifyCheck,
  tlsVersionsCheck,
  tlsOldRefusedCheck,
  tlsPlainRequestCheck,
  tlsEncryptedKeyCheck,
];
