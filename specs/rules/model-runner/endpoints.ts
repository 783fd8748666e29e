import { impl, NONE, TESTABLE, rule } from '../kit.js';
import { AREA, DMR, SERVICE } from './kit.js';

const MODELS_HANDLER = `${DMR}: pkg/inference/models/http_handler.go`;

/**
 * What a client of the real service can call beyond the document's tables: tagging a model and
 * what a delete then does, the /v1/ alias of the OpenAI routes, and paths with more segments
 * than a reference has. The document is silent on all of them.
 */
export const MODEL_RUNNER_ENDPOINT_RULES = [
  rule({
    id: 'mr.models.tag',
    title: 'POST /models/{reference}/tag?repo=R&tag=T gives the model a second reference, R:T',
    area: AREA,
    level: 'implementation',
    source: impl(
      `${MODELS_HANDLER} routeHandlers ("POST /models/{nameAndAction...}"), handleModelAction, handleTagModel; pkg/inference/models/manager.go Tag; pkg/distribution/distribution/client.go Tag; pkg/distribution/internal/store/index.go Index.Tag (a tag another model holds is taken from it)`,
    ),
    reading:
      'The real service takes the last path segment as an action; "tag" reads the query parameters repo and tag. Both present and the model held: 201, a JSON object {"message": "Model tagged successfully with \\"R:T\\"", "target": "R:T"}, and R:T (normalised as any reference: R lower-cased, the tag kept) names that model from then on, beside its other references; a reference another model held moves to this one. repo or tag missing or empty: 400 ("missing repo or tag query parameter"), nothing changes. A model not held: 404, nothing changes.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated sequences of tag requests over a few models of the case (targets drawn from a small set, so that a tag often moves; repo or tag sometimes missing; sources sometimes not held): each answer is 201 with that object, 400 or 404 as above, and after each one GET /models/R:T and GET /models agree with a model of which model holds which reference.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.delete.tagged',
    title: 'Deleting one reference of a model that has several removes that reference only; by id, only with force',
    area: AREA,
    level: 'implementation',
    source: impl(`${MODELS_HANDLER} handleDeleteModel (force: parseBoolQueryParam; 409 on ErrConflict); pkg/distribution/distribution/client.go DeleteModel`),
    reading:
      'DELETE /models/{reference} of a model held under several references untags that one: 200 [{"Untagged": "<reference>"}], and the model stays, under its other references. DELETE /models/{id} (sha256:<64 hex>, the 64 hex digits, or the first 12) of a model with several references is 409 and changes nothing, unless force is given (?force, or a true value of Go\'s ParseBool: 1, t, T, true, TRUE, True): then 200, one Untagged per reference and {"Deleted": "<id>"}, and the model is gone. A model with one reference goes with it, by reference or by id, as mr.models.delete says.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated models with 2 to 4 references and generated deletes (by one of them; by id in its three forms, with force absent, false, or spelt in its true forms): each answer and the list afterwards are as above.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.engines.v1-alias',
    title: 'On the TCP listener, /v1/… is /engines/v1/…',
    area: AREA,
    level: 'implementation',
    source: impl(`${DMR}: pkg/routing/router.go NewRouter (router.Handle("/v1/", aliasHandler)); pkg/middleware/alias.go AliasHandler`),
    reading:
      'The real service hands every path under /v1/ to its inference handler with /engines put before it: /v1/chat/completions, /v1/completions, /v1/embeddings, /v1/models and /v1/models/{reference} answer as /engines/v1/… does, and so does any other path under /v1/ (/v1/v1/models is /engines/v1/v1/models: the full form with an engine named v1; an unknown path is the same 404). Read as: for every method and path P, /v1/P answers the status and body /engines/v1/P answers (up to the fields that name a moment or an id: created, id).',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated requests (the OpenAI-style endpoints with valid and invalid bodies, model retrieval, other paths under /v1/) answer alike under /v1/ and /engines/v1/ on the TCP listener.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.extra-segments',
    title: 'Segments after a model reference are part of the path: GET and DELETE are 404, POST names an action',
    area: AREA,
    level: 'implementation',
    source: impl(
      `${MODELS_HANDLER} routeHandlers ("GET /models/{nameAndAction...}", "DELETE /models/{name...}", "POST /models/{nameAndAction...}"), handleModelGetAction, handleModelAction`,
    ),
    reading:
      'The real service takes the whole path after /models/ as the reference of GET and DELETE (but for GET\'s last segment export, an export of the model, and DELETE /models/purge, neither judged here): /models/<namespace>/<name>/<more…> names no model a reference of the document\'s form can name, so GET and DELETE answer 404, and the model <namespace>/<name> is neither answered nor deleted. POST takes the last segment as an action: any but tag, push and repackage is 404 (unknown action "<segment>").',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A held model and generated extra segments after its reference: GET and DELETE answer 404 and the model is still held with its record unchanged; POST with a generated last segment that is no action answers 404.',
    testability: TESTABLE,
  }),
] as const;
