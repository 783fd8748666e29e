import type { QuirkModule } from '../quirk-module.js';
import { AUTHZ_EMPTY_MESSAGE_DROPPED, authzEmptyMessageDropped } from './authz-empty-message-dropped.js';
import { AUTHZ_PLAIN_TRIMMED, authzPlainTrimmed } from './authz-plain-trimmed.js';
import { AUTHZ_STOPS_AT_ALLOW, authzStopsAtAllow } from './authz-stops-at-allow.js';
import { AUTHZ_URI_UNVERSIONED, authzUriUnversioned } from './authz-uri-unversioned.js';
import { CORS_WITHOUT_VARIABLE, corsWithoutVariable } from './cors-without-variable.js';
import { ENV_ZERO_OFF, envZeroOff } from './env-zero-off.js';
import { GID_AS_NAME, gidAsName } from './gid-as-name.js';
import { HOST_FORM_2375, hostForm2375 } from './host-form-2375.js';
import { LOCALHOST_V6, localhostV6 } from './localhost-v6.js';
import { METRICS_WITHOUT_EXPERIMENTAL, metricsWithoutExperimental } from './metrics-without-experimental.js';
import { NO_TLS13, noTls13 } from './no-tls13.js';
import { PLAIN_BEFORE_TLS, plainBeforeTls } from './plain-before-tls.js';
import { REMOTE_NOTICE_ONLY, remoteNoticeOnly } from './remote-notice-only.js';
import { SPEC_PATH_NOT_FOUND, specPathNotFound } from './spec-path-not-found.js';
import { AUTHZ_BODY_LARGE_HIDDEN, authzBodyLargeHidden } from './authz-body-large-hidden.js';
import { TCP_PATH_REFUSED, tcpPathRefused } from './tcp-path-refused.js';
import { TLS_ENV_IGNORED, tlsEnvIgnored } from './tls-env-ignored.js';
import { TLS_MINIMUM_1_2, tlsMinimum12 } from './tls-minimum-1-2.js';
import { TLS_PORT_2375, tlsPort2375 } from './tls-port-2375.js';
import { TLS_REQUIRES_CLIENT_CERT, tlsRequiresClientCert } from './tls-requires-client-cert.js';
import { ONE_PER_SCHEME, onePerScheme } from './one-per-scheme.js';
import { PLAIN_TCP_REMOVED_EARLY, plainTcpRemovedEarly } from './plain-tcp-removed-early.js';
import { CERT_PATH_CA_ONLY, certPathCaOnly } from './cert-path-ca-only.js';
import { SSLV3_MINIMUM, sslv3Minimum } from './sslv3-minimum.js';
import { ENCRYPTED_KEY_UNEXPLAINED, encryptedKeyUnexplained } from './encrypted-key-unexplained.js';
import { RESPONSE_DENY_BODY_KEPT, responseDenyBodyKept } from './response-deny-body-kept.js';
import { UNREACHABLE_READS_OPEN, unreachableReadsOpen } from './unreachable-reads-open.js';
import { MISSING_EXIT_0, missingExit0 } from './missing-exit-0.js';
import { METRICS_UNVERSIONED_TYPE, metricsUnversionedType } from './metrics-unversioned-type.js';
import { GROUP_PREFIX_MATCH, groupPrefixMatch } from './group-prefix-match.js';
import { NOTICE_REMOTE_ONLY, noticeRemoteOnly } from './notice-remote-only.js';
import { PLAIN_PING_SERVED, plainPingServed } from './plain-ping-served.js';
import { REMOTE_REFUSAL_BACKPORTED, remoteRefusalBackported } from './remote-refusal-backported.js';
import { AUTHZ_BEFORE_ROUTING, authzBeforeRouting } from './authz-before-routing.js';
import { METRICS_SUBTREE, metricsSubtree } from './metrics-subtree.js';
import { CHMOD_AFTER_LISTEN, chmodAfterListen, OBSERVED_CHMOD_AFTER_LISTEN, observedChmodAfterListen } from './chmod-after-listen.js';
import { AUTHZ_ENGINES_UNAUTHORIZED, authzEnginesUnauthorized } from './authz-engines-unauthorized.js';
import { AUTHZ_CHUNKED_PEEK, authzChunkedPeek } from './authz-chunked-peek.js';
import { AUTHZ_UNTYPED_CHUNKED, authzUntypedChunked } from './authz-untyped-chunked.js';
import { AUTHZ_LIMIT_LENGTH_ONLY, authzLimitLengthOnly } from './authz-limit-length-only.js';

/** The quirks of the listeners area, by id (one module each in this directory). */
export const LISTENERS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  // Observed (specs/known-deviations.ts).
  [TCP_PATH_REFUSED]: tcpPathRefused,
  [TLS_PORT_2375]: tlsPort2375,
  [TLS_REQUIRES_CLIENT_CERT]: tlsRequiresClientCert,
  [TLS_ENV_IGNORED]: tlsEnvIgnored,
  [TLS_MINIMUM_1_2]: tlsMinimum12,
  [REMOTE_NOTICE_ONLY]: remoteNoticeOnly,
  [METRICS_WITHOUT_EXPERIMENTAL]: metricsWithoutExperimental,
  [SPEC_PATH_NOT_FOUND]: specPathNotFound,
  [AUTHZ_BODY_LARGE_HIDDEN]: authzBodyLargeHidden,
  // Hypothetical (specs/quirks/listeners.ts).
  [PLAIN_BEFORE_TLS]: plainBeforeTls,
  [GID_AS_NAME]: gidAsName,
  [ENV_ZERO_OFF]: envZeroOff,
  [NO_TLS13]: noTls13,
  [LOCALHOST_V6]: localhostV6,
  [HOST_FORM_2375]: hostForm2375,
  [AUTHZ_STOPS_AT_ALLOW]: authzStopsAtAllow,
  [AUTHZ_EMPTY_MESSAGE_DROPPED]: authzEmptyMessageDropped,
  [AUTHZ_PLAIN_TRIMMED]: authzPlainTrimmed,
  [AUTHZ_URI_UNVERSIONED]: authzUriUnversioned,
  [CORS_WITHOUT_VARIABLE]: corsWithoutVariable,
  [ONE_PER_SCHEME]: onePerScheme,
  [PLAIN_TCP_REMOVED_EARLY]: plainTcpRemovedEarly,
  [CERT_PATH_CA_ONLY]: certPathCaOnly,
  [SSLV3_MINIMUM]: sslv3Minimum,
  [ENCRYPTED_KEY_UNEXPLAINED]: encryptedKeyUnexplained,
  [RESPONSE_DENY_BODY_KEPT]: responseDenyBodyKept,
  [UNREACHABLE_READS_OPEN]: unreachableReadsOpen,
  [CHMOD_AFTER_LISTEN]: chmodAfterListen,
  [OBSERVED_CHMOD_AFTER_LISTEN]: observedChmodAfterListen,
  [MISSING_EXIT_0]: missingExit0,
  [METRICS_UNVERSIONED_TYPE]: metricsUnversionedType,
  [GROUP_PREFIX_MATCH]: groupPrefixMatch,
  [NOTICE_REMOTE_ONLY]: noticeRemoteOnly,
  [PLAIN_PING_SERVED]: plainPingServed,
  [REMOTE_REFUSAL_BACKPORTED]: remoteRefusalBackported,
  [AUTHZ_BEFORE_ROUTING]: authzBeforeRouting,
  [METRICS_SUBTREE]: metricsSubtree,
  [AUTHZ_ENGINES_UNAUTHORIZED]: authzEnginesUnauthorized,
  [AUTHZ_CHUNKED_PEEK]: authzChunkedPeek,
  [AUTHZ_UNTYPED_CHUNKED]: authzUntypedChunked,
  [AUTHZ_LIMIT_LENGTH_ONLY]: authzLimitLengthOnly,
};
