import { RELEASES, type DaemonRelease } from '../../specs/versions.js';
import { releaseOf, type TargetFacts } from './facts.js';

/** What a report and `profile` say of a release no real daemon was observed of. */
export const notObservedNote = (release: string): string => `not observed: no real dockerd ${release} ran here, its expectations come from moby's source`;

/** The engine component dockerd (and ctrd-sim) name in GET /version. */
const DOCKERD_ENGINE = 'Engine';

/** The release the expectations come from, and, for an engine that is not dockerd, how it was judged. */
export interface JudgedRelease {
  readonly release: DaemonRelease | null;
  /** One sentence for the report: which engine, and the API version it was judged by; null for dockerd (or an engine that does not say). */
  readonly judgement: string | null;
}

/** Another vendor's engine, by the component it names in GET /version (Podman: "Podman Engine"). */
export const vendorEngine = (facts: Pick<TargetFacts, 'engine'>): string | null =>
  facts.engine !== null && facts.engine.name !== DOCKERD_ENGINE ? facts.engine.name : null;

/**
 * The release a target is judged as. dockerd's own version names its series in the release table.
 * Another vendor's version numbers say nothing of dockerd's (Podman 4.3 is no dockerd 4.3): it
 * is judged by the API version it claims, as the document's rules are written per API version,
 * that is as the dockerd release whose newest API that is, with the minimum it claims itself.
 * What was observed of a real dockerd of that series (its messages, flags, header limit, the
 * content type of its legacy errors) is not carried over: rules that need it are skipped.
 */
export function judgeRelease(facts: Pick<TargetFacts, 'version' | 'apiMax' | 'apiMin' | 'engine'>): JudgedRelease {
  const vendor = vendorEngine(facts);
  if (vendor === null) return { release: releaseOf(facts.version), judgement: null };
  const who = `${vendor} ${facts.engine?.version ?? facts.version ?? '(version unknown)'}`;
  const series = facts.apiMax === null ? undefined : [...RELEASES].reverse().find((r) => r.maxApi === facts.apiMax);
  if (series === undefined) {
    return {
      release: null,
      judgement: `${who} is not dockerd, and the API version it claims (${facts.apiMax ?? 'none'}) is no dockerd release's newest: release unknown`,
    };
  }
  const minimum = facts.apiMin ?? series.defaultMinApi;
  return {
    release: {
      ...series,
      defaultMinApi: minimum,
      legacyPlainTextErrors: null,
      legacyPlainTextNotFound: null,
      messages: null,
      flags: null,
      slowStart: null,
      headerLineLimit: null,
      evidence: `${who} judged by the API version it claims (/version ApiVersion ${facts.apiMax}, MinAPIVersion ${facts.apiMin ?? 'none'})`,
    },
    judgement: `${who}, judged as API ${series.maxApi} as it claims (the expectations of dockerd ${series.release}, whose newest API that is), with the minimum it claims, ${minimum}; the release table has no ${vendor}`,
  };
}
