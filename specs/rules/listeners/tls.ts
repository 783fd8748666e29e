import type { Capability } from '../../types.js';
import { daemonDoc, impl, PROCESS, rule, START, TESTABLE } from '../kit.js';
import { AREA, NETNS } from './kit.js';

const AUTH = 'Authentication';
const OBSERVED = 'dockerd 20.10.24, 26.1.5, 28.5.2 on this machine';
/** Starting daemons with TLS listeners and talking to them with client credentials. */
const START_TLS: readonly Capability[] = ['start', 'exit', 'tls'];

/** daemon.md › Authentication 1–5, the TLS rows of the options, environment variables and limits. */
export const TLS_RULES = [
  rule({
    id: 'tls.verify',
    title: 'With --tlsverify only clients with a certificate signed by --tlscacert are served',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      AUTH,
      '`--tlsverify` (encryption and verification of remote clients; implies TLS), `--tlscacert` … Trust only certificates signed by this CA.',
    ),
    reading: 'Verification happens in the handshake: a client without a certificate, with one of another CA, or with an expired one never gets an answer.',
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "Generated client set-ups on a TLS listener: a certificate of the CA gets GET /_ping 200; none, another CA's, an expired one: no HTTP answer at all; a plain-HTTP client, asked first as soon as the daemon serves, is never served (2xx).",
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.encrypts',
    title: 'With --tls the TCP listener speaks TLS with the given certificate and serves clients without certificates',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTH, 'TLS options: `--tls`, `--tlsverify` …, `--tlscacert`, `--tlscert`, `--tlskey`.'),
    reading:
      '`--tls` encrypts without verifying clients. The CA file is read even then (observed: `--tls` without a CA file fails with "could not read CA certificate"), so the suite always gives one.',
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A TLS listener with generated certificates: a client trusting the CA and offering no certificate gets GET /_ping 200, the server presents the certificate given by --tlscert; a plain-HTTP request is never answered 200.',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.cert-path',
    title: 'Without --tlscacert/--tlscert/--tlskey the files are ca.pem, cert.pem and key.pem of CTR_CERT_PATH',
    area: AREA,
    level: 'must',
    source: daemonDoc('Environment variables', '`CTR_CERT_PATH` | Location of authentication keys; used by daemon and client.'),
    reading: 'The option table gives the defaults as `~/.ctr/ca.pem`, `cert.pem`, `key.pem`; the variable moves that directory.',
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      '`--tlsverify -H tcp://127.0.0.1:P` with <PREFIX>CERT_PATH naming a directory of generated ca.pem, cert.pem and key.pem: a client that trusts only that CA and offers its certificate is served (so the server presented that cert.pem and took that CA).',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.env-verify',
    title: 'CTR_TLS_VERIFY set to any non-empty value equals --tlsverify',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTH, 'The environment variable `CTR_TLS_VERIFY` set to any non-empty value equals `--tlsverify`.'),
    reading:
      'The real releases ignore the variable (observed: with DOCKER_TLS_VERIFY=x and DOCKER_CERT_PATH set, 20.10, 26.1 and 28.5 serve plain HTTP); see specs/known-deviations.ts.',
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated non-empty values of <PREFIX>TLS_VERIFY with the certificate files given by flag and `-H tcp://127.0.0.1:P` (no --tls, no --tlsverify): the listener speaks TLS and refuses a client without a certificate; a client of the CA is served.',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.versions.supported',
    title: 'TLS 1.0 and later are supported',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTH, 'Only TLS 1.0 and later are supported; SSLv3 and below are not.'),
    reading:
      '"Supported" is read as a client limited to any of TLS 1.0, 1.1, 1.2, 1.3 completing the handshake. The real releases refuse 1.0 and 1.1 (Go\'s tlsconfig.ServerDefault minimum is 1.2, observed: protocol_version alert) and negotiate 1.2 and 1.3 (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2: test/reading-claims/listeners.ts); see specs/known-deviations.ts.',
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A client limited to each of TLS 1.0, 1.1, 1.2, 1.3 (with a certificate of the CA): the handshake completes at that version and GET /_ping answers 200.',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.versions.old-refused',
    title: 'SSLv3 and below are refused',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTH, 'Only TLS 1.0 and later are supported; SSLv3 and below are not.'),
    reading: 'No client library here speaks SSLv3: the check sends an SSLv3 ClientHello by hand and expects no ServerHello (an alert or a closed connection).',
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'SSLv3 (and SSLv2-compatible) ClientHellos with generated random bytes: the server answers with an alert or closes, never with a handshake record; the daemon keeps serving.',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.plain-request',
    title: 'Plain HTTP on a TLS listener is refused, never served',
    area: AREA,
    level: 'implementation',
    source: impl(
      'Go net/http (Server.serve: a first record that is not TLS gets a fixed 400 and the connection is closed)',
      'plain "GET /_ping HTTP/1.1" on the --tlsverify listener of 28.5.2 got exactly "HTTP/1.0 400 Bad Request\\r\\n\\r\\nClient sent an HTTP request to an HTTPS server.\\n" and a close (2026-11-25)',
    ),
    reading: "The document's TLS listener speaks TLS only (Authentication 1–2); what a plain request gets there is the implementation's, taken as observed.",
    applies: PROCESS,
    requires: START_TLS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "Generated plain HTTP requests (method, path, with or without Connection: close) on the --tlsverify listener: each gets exactly Go's 400 answer and a close; a client of the CA is served afterwards.",
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.encrypted-key',
    title: 'An encrypted TLS private key is refused (removed in 23.0)',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTH, 'Encrypted TLS private keys are no longer supported (removed in 23.0); keys must be stored unencrypted.'),
    reading:
      'The daemon takes no passphrase, so a key it cannot use stops the start with a message that says why. Observed: exit 1 and "… tls: failed to parse private key … Make sure the key is not encrypted." on 26.1 and 28.5 (and on 20.10, which the rule does not cover); 29.7.2 exits 1 with "invalid TLS configuration: error reading X509 key pair - make sure the key is not encrypted (…): tls: failed to parse private key" (observed).',
    applies: { ...PROCESS, releases: { min: '23.0' } },
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: '`--tlsverify` with a generated key encrypted in the legacy PEM form: exit code ≠ 0, the output says "encrypted", nothing serves.',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.remote-requires-verify',
    title: 'From 27.0 a remote TCP listener with --tls=false or --tlsverify=false stops the start; plain tcp:// does not',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      AUTH,
      'From daemon 27.0, listening on TCP for remote connections requires TLS verification: `--tls=false` or `--tlsverify=false` together with a remote TCP listener (or the same settings in the file) makes the daemon fail to start. The rule does not apply to the plain `tcp://` form without host.',
    ),
    reading:
      'Remote is a host outside 127.0.0.0/8 and ::1 (the daemons treat 127.0.0.1 as local). Checked in a private network namespace with an address of its own. 28.5.2 starts anyway with a deprecation notice ("In future versions this will be a hard failure", observed); see specs/known-deviations.ts.',
    applies: { ...PROCESS, releases: { min: '27.0' } },
    requires: NETNS,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'A generated remote address of the namespace with `--tls=false`, `--tlsverify=false`, or the same keys in the file: exit ≠ 0, nothing serves; `-H tcp:// --tls=false` (no host): the daemon serves.',
    testability: TESTABLE,
  }),
  rule({
    id: 'tls.remote-before-27',
    title: 'Before 27.0 a remote TCP listener without TLS starts, with the insecurity warnings',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby daemon/command/daemon.go (loadListeners)',
      `20.10.24 and 26.1.5 started with -H tcp://10.250.0.1:2375 --tls=false in a private namespace and logged "Binding to IP address without --tlsverify is insecure …" (${OBSERVED})`,
    ),
    reading: 'The document states the 27.0 rule only; what earlier releases do is theirs: they start and warn.',
    applies: { ...PROCESS, releases: { max: '26.99' } },
    requires: ['start', 'exit', 'netns', 'logs'],
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'A generated remote address of the namespace with `--tls=false`: the daemon serves, and the log warns "Binding to IP address without --tlsverify is insecure".',
    testability: TESTABLE,
  }),
] as const;
