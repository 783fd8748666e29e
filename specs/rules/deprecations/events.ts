import { API, AREA, OBJECTS, OWN_OBJECTS, TESTABLE, daemonDoc, rule } from './kit.js';

/** GET /events, as the API version shapes it. */
export const EVENT_RULES = [
  rule({
    id: 'deprecated.events.legacy-fields',
    title: 'Events carry the deprecated ID, Status and From fields below API 1.52',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc('Events; Deprecation catalogue (`ID`, `Status` and `From` fields of the events API)', 'The events API fields `ID`, `Status` and `From` are deprecated in favour of a richer structure.'),
    reading: `Deprecated, the document gives no API version for the removal; the daemon's API change log drops them in 1.52 (29.0), which this catalogue takes as the boundary. Below 1.52 every container and image event (the kinds the old API had; network events never had them, observed on 20.10.24, 26.1.5 and 28.5.2) has status = Action and id = Actor.ID, and a container event has from = Actor.Attributes.image; from 1.52 none of the three keys. ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    boundaries: ['1.52'],
    expectation: 'GET /v<api>/events?since=<before>&until=<after> around a generated sequence of imports, tags, creates and starts: the events of the sequence, each with the legacy fields below 1.52 and without them from 1.52.',
    testability: TESTABLE,
  }),
] as const;
