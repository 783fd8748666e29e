/**
 * The differential explorer: the same generated requests to two targets, every observable
 * difference labelled (a rule, a known deviation, volatile, or unexplained) and shrunk; and the
 * negotiation profile of one target, from the same kind of probes.
 */
export { exploreSequences, type SequenceOptions } from './sequences.js';
export { sequenceArbitrary, stepText, commonVersions, type Step } from './sequence-steps.js';
export { runSequence } from './sequence-run.js';
export { ReplayPathError } from './shrink.js';
export { explore, type DiffSide, type Exploration, type ExploreOptions, type FoundDifference } from './explore.js';
export { openSide, type OpenSide } from './open-side.js';
export { exploredRoutes, globMatcher, routeIn, routesReached, ROUTES_NOT_SENT } from './explored-routes.js';
export { probeArbitrary, probeText, UNKNOWN_ROUTE, type Probe } from './probe.js';
export { differences, differenceText, type Difference } from './compare.js';
export { observe, noAnswer, HEADERS_COMPARED, type Observation } from './observation.js';
export { volatileReason, volatileText } from './volatile.js';
export { labelOf, labelText, type Label } from './labels.js';
export { versionClass, effectiveVersion, type Side, type VersionClass } from './side.js';
export { curlLine } from './curl-line.js';
export { diffToReport, type DiffOptions } from './diff-to-report.js';
export { diffReport, replayLine, NOT_EXPLORED, type DiffReport, type DiffTarget } from './diff-report.js';
export { diffText } from './diff-text.js';
export { diffHtml } from './diff-html.js';
export { negotiationProfile, profileTable, type NegotiationProfile, type ProfileRow } from './negotiation-profile.js';
