import { BOTH, daemonDoc, impl, LINUX, notTestable, rule, START, TESTABLE } from '../kit.js';
import { AREA } from './kit.js';

const process = { platforms: LINUX, surface: 'daemon-process' } as const;

/** daemon.md › Environment variables (the TLS ones are the listeners area's). */
export const ENVIRONMENT_RULES = [
  rule({
    id: 'config.env.proxy',
    title: "HTTP_PROXY, HTTPS_PROXY and NO_PROXY configure the daemon's proxy",
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Environment variables',
      '`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY` | Proxy for HTTP requests, proxy for HTTPS requests, comma-separated exclusion list.',
    ),
    reading:
      "GET /info HttpProxy, HttpsProxy and NoProxy show the values, with the password of a URL's user information masked. 20.10.24, 26.1.5, 28.5.2 and 29.7.2 mask the user name too (http://user:pass@host:port is shown as http://xxxxx:xxxxx@host:port, observed), which the check allows: it asks only that the password is not shown.",
    applies: process,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated proxy URLs and exclusion lists in the environment: /info shows them (credentials masked).',
    testability: TESTABLE,
  }),
  rule({
    id: 'config.env.proxy-precedence',
    title: 'Proxy options and file fields override the environment (23.0 and later)',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Environment variables',
      'Proxy precedence: command-line options and configuration-file fields (`http-proxy`, `https-proxy`, `no-proxy`; daemon version 23.0 and later) override the environment variables.',
    ),
    reading:
      'Strict: "daemon version 23.0 and later" qualifies the configuration-file fields only; the flags --http-proxy, --https-proxy and --no-proxy override the environment on every release (a release without them fails: absent in this release), the file fields (those of the `proxies` object) from 23.0.',
    otherReading: '"Daemon version 23.0 and later" qualifies the whole sentence: before 23.0 neither the flags nor the file fields are required.',
    applies: process,
    requires: START,
    releaseDependent: true,
    binding: 'version-independent',
    expectation: "Environment and flag (or file) both set: /info shows the flag's (or file's) value.",
    testability: TESTABLE,
  }),
  rule({
    id: 'config.env.unobservable',
    title: 'CTR_RAMDISK, CTR_TMPDIR, MOBY_DISABLE_PIGZ and CTR_HOST',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Environment variables',
      '`CTR_RAMDISK` | When set, disables pivot_root. `CTR_TMPDIR` | Location of temporary files … `CTR_HOST` | Client only … `MOBY_DISABLE_PIGZ` | Disables parallel layer decompression',
    ),
    applies: { platforms: BOTH, surface: 'daemon-process' },
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Each acts on containers, temporary files of pulls and builds, or the client.',
    testability: notTestable(
      'pivot_root and decompression happen only when containers run or images are pulled (no registry or image here); CTR_HOST is read by the client, not the daemon',
    ),
  }),
  rule({
    id: 'config.info.effective',
    title: 'GET /info shows the effective configuration: flags, file and defaults merged',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby daemon/info.go',
      'Labels, Debug, ExperimentalBuild, LiveRestoreEnabled, LoggingDriver, DefaultRuntime follow flags and file on 20.10.24, 26.1.5, 28.5.2',
    ),
    reading: 'The document says configured values are "listed by the client\'s info command"; /info is where that command reads them.',
    applies: process,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated configurations split between flags and file: /info Labels, Debug, ExperimentalBuild, LiveRestoreEnabled, LoggingDriver equal the merge.',
    testability: TESTABLE,
  }),
  rule({
    id: 'config.info.shape',
    title: 'GET /info answers the fields clients read, shaped by the API version',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby api/types/system/info.go; api/server/router/system (per-version adjustments)',
      'field sets of /info at each API version of 20.10.24, 26.1.5, 28.5.2',
    ),
    reading: 'Versioning 4: RegistryConfig.AllowNondistributableArtifactsCIDRs/Hostnames null up to 1.48, omitted from 1.49; CDISpecDirs from 1.46.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'GET /v<api>/info: 200 JSON matching the schema of that API version.',
    testability: TESTABLE,
  }),
] as const;
