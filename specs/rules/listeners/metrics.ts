import { daemonDoc, impl, PROCESS, rule, START, TESTABLE } from '../kit.js';
import { AREA } from './kit.js';

const METRICS = 'Other specifics › Metrics API';

/** daemon.md › Metrics API, and the CORS header option of the deprecation catalogue. */
export const METRICS_RULES = [
  rule({
    id: 'metrics.served',
    title: '--metrics-addr serves metrics in the Prometheus text format at /metrics',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      METRICS,
      '`--metrics-addr <host:port>` serves metrics in a monitoring text exposition format at path `/metrics` on that address. … Requires experimental mode.',
    ),
    reading: 'The "monitoring text exposition format" is Prometheus\' text format 0.0.4. Checked with experimental mode on, as the document requires it.',
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      '`--experimental --metrics-addr 127.0.0.1:P` on a generated free port: GET /metrics answers 200, `text/plain; version=0.0.4`, a body a Prometheus text parser reads into at least one metric family, every sample a number.',
    testability: TESTABLE,
  }),
  rule({
    id: 'metrics.requires-experimental',
    title: 'Without experimental mode the metrics address is not served',
    area: AREA,
    level: 'must',
    source: daemonDoc(METRICS, 'Requires experimental mode.'),
    reading:
      'A requirement that is not met leaves the feature off: the daemon starts (the document does not call it a start error) but nothing answers /metrics. The real releases serve metrics without experimental mode (observed on 20.10, 26.1 and 28.5); see specs/known-deviations.ts.',
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: '`--metrics-addr 127.0.0.1:P` without --experimental: the daemon serves its API, and GET http://127.0.0.1:P/metrics gets no 200.',
    testability: TESTABLE,
  }),
  rule({
    id: 'metrics.other-paths',
    title: 'The metrics address serves /metrics only',
    area: AREA,
    level: 'implementation',
    source: impl('moby daemon/metrics.go (a mux with /metrics only)', 'GET /foo on the metrics address answers 404 on 20.10.24, 26.1.5 and 28.5.2'),
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated paths other than /metrics on the metrics address (experimental on): 404; the daemon API is not served there (GET /_ping is 404 too).',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.cors-header',
    title: 'The API CORS header option works until 27.0 and is refused from 28.0',
    area: AREA,
    level: 'must',
    source: daemonDoc('Deprecation catalogue', '| Removed | API CORS header option (`api-cors-header`; disabled by default in v27.0) | v27.0 | v28.0 |'),
    reading:
      'Before 27.0 `--api-cors-header <origin>` adds `Access-Control-Allow-Origin: <origin>` to every answer (observed on 20.10 and 26.1, with Allow-Methods and Allow-Headers); in 27.x it has no effect unless CTRD_DEPRECATED_CORS_HEADER is set non-empty (Errors table; checked both ways: no real 27.x release is installed here, the simulator emulates them); from 28.0 the option is refused at start (28.5: `The "api-cors-header" config parameter and the dockerd "--api-cors-header" option have been removed`, observed).',
    applies: PROCESS,
    requires: START,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'Generated origins: before 27.0 GET /_ping and /version carry `Access-Control-Allow-Origin` equal to the origin; in 27.x none without the variable, the origin with it set; from 28.0 the start fails and the output names api-cors-header.',
    testability: TESTABLE,
  }),
] as const;
