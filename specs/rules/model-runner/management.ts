import { impl, NONE, TESTABLE, rule } from '../kit.js';
import { AREA, DMR, mrDoc, SERVICE } from './kit.js';

const TABLE = 'Endpoints › Management endpoints';

/** Model references and the management endpoints: create, list, get, delete. */
export const MODEL_RUNNER_MANAGEMENT_RULES = [
  rule({
    id: 'mr.reference.format',
    title: 'A model reference is <namespace>/<name>, each part one path segment; others are refused',
    area: AREA,
    level: 'must',
    source: mrDoc(
      'Resources and their fields › Model',
      'Model reference | string | `<namespace>/<name>`; `{namespace}` and `{name}` are each one path segment',
    ),
    reading: `Each part a path component in the real service's grammar (${DMR}: pkg/distribution/distribution/client.go normalizeModelName: [a-z0-9] joined by ".", "_", "__" or "-"; upper case is lower-cased), the name with an optional ":tag". A reference without "/" is not of the form <namespace>/<name>: refused with 400, as are extra segments, empty parts, "." or "..", other characters and a digest.`,
    otherReading: `The document gives the form of a reference without saying that other forms are refused: a reference without "/" may be taken as a name in a default namespace, as the real service takes it into "ai" (${DMR}: normalizeModelName). Then it is created (200); the other malformed references are still refused with 400.`,
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A registry reference in a generated spelling is created (200), and generated references of the form name it (POST /models/{name}/tag, 2xx: the runner creates only what its registry has); generated invalid ones and references without namespace (generated, and registry references without "ai/") are refused with 400 and nothing is added to the list (by the other reading, a registry reference without namespace is created).',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.reference.normalised',
    title: 'References name the same model with or without :latest, and whatever the case of the name',
    area: AREA,
    level: 'implementation',
    source: impl(`${DMR}: pkg/distribution/distribution/client.go normalizeModelName (no tag → :latest; the name lower-cased, the tag kept)`),
    reading:
      'The document gives the form only; the real service normalises every reference before it looks it up, so these spellings name one model. Read as: no tag is :latest; the name part compares lower-cased; the tag keeps its case.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'After creating a registry reference ns/name, GET /models/ns/name:latest and /models/NS/Name answer the same record; creating ns/name:latest again is cached; a created registry reference whose tag has upper case is listed as written and its lower-cased spelling is not held; ns/name:Tag and ns/name:tag given by tagging are two references in the list.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.create',
    title: 'POST /models/create adds a model, with the body {"from": <reference>}',
    area: AREA,
    level: 'must',
    source: mrDoc(TABLE, 'POST | `/models/create` | Create (add) a model | JSON body (note B)'),
    reading: `The body is not shown; the real service's is {"from": "<reference>"} (${DMR}: pkg/inference/models/api.go ModelCreateRequest). Success is 200 with streamed progress lines, the last a success (the real service's "Model pulled successfully" / "Using cached model").`,
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Registry references in generated spellings (upper case in the name, :latest left out or given): 200, and the model is then in GET /models, GET /models/{namespace}/{name} and the OpenAI list.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.create.unknown',
    title: 'A create of a well-formed reference its registry does not have is 404 "Model not found", and stores nothing',
    area: AREA,
    level: 'implementation',
    source: impl(
      `${DMR}: pkg/inference/models/http_handler.go handleCreateModel (a pull of a model the registry lacks: 404 "Model not found"); pkg/inference/models/manager.go Pull`,
    ),
    reading:
      'The document says a create adds a model, not where it comes from; the real service pulls it from its registry first, and a reference the registry does not have is answered 404 with the plain text "Model not found" before anything is stored. Read as: a well-formed reference no registry holds (a fresh random namespace) is 404 with a body saying the model was not found, and afterwards GET /models/{reference} is 404 and the list does not name it.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated well-formed references in a fresh random namespace (no registry holds it), with and without a tag, in any case: 404 with a body saying "not found", then GET /models/{reference} 404 and no listed tag in that namespace.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.create.bad-body',
    title: 'A create body that is not a JSON object with a string "from" is refused with 400',
    area: AREA,
    level: 'implementation',
    source: impl(`${DMR}: pkg/inference/models/http_handler.go handleCreateModel (400 "invalid request body")`),
    reading:
      'The body is not shown (note B); the real service decodes {"from": …} and refuses anything it cannot decode with 400 before it looks at the reference. Read as: a body that is not a JSON object, or whose "from" is missing, not a string or empty, is 400, and nothing is created.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated bodies (not JSON, JSON of another shape, "from" not a string or empty): 400, and the list is unchanged.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.create.cached',
    title: 'Creating a model the store holds already succeeds and says the model is cached',
    area: AREA,
    level: 'implementation',
    source: impl(`${DMR}: pkg/distribution/internal/progress/reporter.go ("Using cached model"); e2e/api_test.go`),
    reading:
      'The document does not say what a second create does; the real service answers 200 and reports the model as cached, without a second pull. Read as: 200, a line saying "Using cached model", and still one model in the list.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'A second create of the same reference is 200, its progress says "Using cached model", and the list holds the model once.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.list',
    title: 'GET /models lists the models held: a JSON array of records',
    area: AREA,
    level: 'must',
    source: mrDoc(TABLE, 'GET | `/models` | List models | none | note A'),
    reading: `The response is not shown; the real service answers a JSON array ([] when empty) of records {id, tags, created, config} (${DMR}: pkg/inference/models/api.go Model).`,
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'After generated creates, tags and deletes (of registry references in generated spellings, and generated names given to them by tagging), the list holds exactly the references created or given and not deleted, each once, each in a record with an id.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.get',
    title: "GET /models/{namespace}/{name} answers that model's record, or 404",
    area: AREA,
    level: 'must',
    source: mrDoc(TABLE, 'GET | `/models/{namespace}/{name}` | Get one model | none | note A'),
    reading: 'A model the store does not hold is 404 (the real service: "model not found").',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated references, held as names of a created registry model (by tagging) or not: the record of a held model (its reference among its tags, the same as in the list); 404 for one not held.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.models.delete',
    title: 'DELETE /models/{namespace}/{name} removes the model; a model not held is 404',
    area: AREA,
    level: 'must',
    source: mrDoc(TABLE, 'DELETE | `/models/{namespace}/{name}` | Delete a local model | none | note A'),
    reading: `Afterwards the model is gone from GET /models, GET /models/{namespace}/{name} (404) and the OpenAI list; deleting it again is 404 (${DMR}: pkg/distribution/distribution/client.go DeleteModel). A model held under several references (given by tagging) loses only the one deleted: that is mr.models.delete.tagged's.`,
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated create/tag/delete sequences (registry references in generated spellings, generated names given by tagging): 200 for a held reference, 404 otherwise, and it is gone everywhere after.',
    testability: TESTABLE,
  }),
] as const;
