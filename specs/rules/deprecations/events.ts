import { TESTABLE, daemonDoc, rule } from '../kit.js';
import { API, AREA, OBJECTS, OWN_OBJECTS } from './kit.js';

/** GET /events, as the API version shapes it. */
export const EVENT_RULES = [
  rule({
    id: 'deprecated.events.legacy-fields',
    title: 'Events carry the deprecated ID, Status and From fields at every API version',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Events; Deprecation catalogue (ambiguous event fields in API: deprecated v1.10, removal "-")',
      'The events API fields `ID`, `Status` and `From` are deprecated in favour of a richer structure.',
    ),
    reading: `Deprecated, not removed: the catalogue's removal column is "-" (undecided or none) and no API version drops them, so at every API version every container and image event of the generated sequence has status = Action and id = Actor.ID, and a container event has from = Actor.Attributes.image. (The daemon's own API change log drops them in 1.52, 29.0; the document does not, so a 29.x cell keeps them.) The fields are those of the event kinds the old API had, container and image events; network, volume and other kinds came with the richer structure and never had them. ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    expectation:
      'GET /v<api>/events?since=<before>&until=<after> around a generated sequence of tags, creates and starts: every container and image event of the sequence has status and id (and a container event from), at every API version.',
    testability: TESTABLE,
  }),
] as const;
