import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type ModelRunnerRuleId = Extract<TestableRuleId, `mr.${string}`>;

/** The faults of the model-runner area: one per testable rule, each noticed only by its rule's check (suites/model-runner/). */
export const MODEL_RUNNER_FAULTS: Readonly<Record<ModelRunnerRuleId, Fault>> = {
  'mr.tcp.serves': {
    breaks: "the TCP listener answers 404 to requests addressed to the document's base address, Host localhost:<port> (model-runner/listener.ts)",
  },
  'mr.socket.prefix': {
    breaks: 'under /exp/vENG4.40 on the daemon socket the shortcut /engines/v1/… is not served (the full form is) (model-runner/mount.ts)',
  },
  'mr.socket.prefix.management': {
    breaks: 'the management paths under /exp/vENG4.40 on the daemon socket are not served (only /exp/vENG4.40/engines/… is) (model-runner/mount.ts)',
  },
  'mr.socket.daemon-beside': { breaks: 'unprefixed /engines/… on the daemon socket is handed to the runner instead of the daemon (model-runner/mount.ts)' },
  'mr.engines.shortcut': {
    breaks: 'the model list under /engines/llama.cpp/v1 says owned_by "llama.cpp", unlike /engines/v1 (model-runner/routes/openai-models.ts)',
    alsoBreaks: { rules: ['mr.engines.default-name'], why: 'the default engine is llama.cpp: its full form is the one the fault changes' },
  },
  'mr.engines.default-name': { breaks: 'the default engine is named llama-cpp, not llama.cpp (model-runner/runner.ts)' },
  'mr.engines.unknown': { breaks: 'an inference request for an unknown engine is served by the default engine (model-runner/routes/inference.ts)' },
  'mr.versioning.v1': {
    breaks: 'POST /engines/<engine>/v1/embeddings, the full form, answers 404 (model-runner/handler.ts: targetOf)',
    alsoBreaks: {
      rules: ['mr.engines.shortcut', 'mr.engines.default-name', 'mr.tcp.serves'],
      why: 'those rules send embeddings in the full form too: compared with the shortcut, or required to answer 2xx',
    },
  },
  'mr.versioning.other-segments': { breaks: 'any v<digits> segment is served as v1 (model-runner/handler.ts)' },
  'mr.auth.none': {
    breaks: 'an inference POST without an Authorization header is refused with 401 (model-runner/handler.ts)',
    alsoBreaks: {
      rules: [
        'mr.tcp.serves',
        'mr.engines.unknown',
        'mr.versioning.v1',
        'mr.versioning.other-segments',
        'mr.chat.shape',
        'mr.chat.stream',
        'mr.chat.stream.usage',
        'mr.completions.shape',
        'mr.embeddings.shape',
        'mr.embeddings.base64',
        'mr.generation.max-tokens',
        'mr.generation.stop',
        'mr.generation.n',
        'mr.generation.usage',
        'mr.openai.bad-request',
        'mr.inference.checks',
        'mr.inference.body-limit',
        'mr.server.survives-bad-input',
        'mr.inference.work-bounds',
        'mr.inference.fairness',
      ],
      why: "every inference rule sends the document's calls, which carry no credentials: a runner that refuses such calls answers none of them",
    },
  },
  'mr.auth.ignored': { breaks: 'a request with an Authorization header is refused with 401 (model-runner/handler.ts)' },
  'mr.reference.format': { breaks: 'a create reference with three segments is accepted and stored (model-runner/routes/models.ts)' },
  'mr.reference.normalised': { breaks: 'GET /models/{namespace}/{name} looks the name up without lower-casing it (model-runner/routes/models.ts)' },
  'mr.models.create': { breaks: 'the progress of a create ends without its success line (model-runner/routes/models.ts)' },
  'mr.models.create.unknown': {
    breaks: 'a create does not ask the registry: a reference it lacks is created (200) like one it has (model-runner/routes/models.ts)',
  },
  'mr.models.create.bad-body': { breaks: 'a create body whose "from" is not a string is a 500 (model-runner/routes/models.ts)' },
  'mr.models.create.cached': { breaks: 'a create of a model held already reports a fresh pull (model-runner/routes/models.ts)' },
  'mr.models.list': {
    breaks: 'GET /models lists every model twice (model-runner/runner.ts)',
    alsoBreaks: {
      rules: ['mr.reference.format', 'mr.reference.normalised', 'mr.models.create.cached', 'mr.models.tag', 'mr.models.delete.tagged'],
      why: 'those rules count the models the list holds after their requests (none added by a refused reference, one after a repeated create, one per model after tags and deletes): a list that names a model twice miscounts for them too',
    },
  },
  'mr.models.get': {
    breaks: "GET /models/{namespace}/{name} answers a record whose created is one second later than the list's (model-runner/routes/models.ts)",
  },
  'mr.models.delete': {
    breaks: 'DELETE of a model not held answers 200 (model-runner/routes/models.ts)',
    alsoBreaks: {
      rules: ['mr.models.delete.tagged', 'mr.models.extra-segments'],
      why: "a delete of what is not held is 404 by mr.models.delete's reading: the deletes those rules send after a model is gone, or under a path with more segments than a reference, are such deletes",
    },
  },
  'mr.models.tag': {
    breaks: 'tagging with a reference another model holds answers 201 but leaves the reference with that other model (model-runner/runner.ts)',
  },
  'mr.models.delete.tagged': {
    breaks: 'deleting one reference of a model that has several deletes the model with all its references (model-runner/runner.ts)',
    alsoBreaks: {
      rules: ['mr.models.list', 'mr.models.delete'],
      why: 'their sequences give generated names to a registry model by tagging: deleting the registry reference then takes the names with it, so the list lacks them and a delete of one is 404 (when a sequence names, deletes and then looks)',
    },
  },
  'mr.engines.v1-alias': { breaks: 'under /v1/ only the POST endpoints are aliased: GET /v1/models… is 404 (model-runner/handler.ts)' },
  'mr.models.extra-segments': {
    breaks:
      'segments after <namespace>/<name> are dropped: GET /models/<namespace>/<name>/<more> answers the model, and a POST with an unknown action answers as that GET (model-runner/routes/models.ts)',
  },
  'mr.openai.models.list': {
    breaks: 'the entries of GET …/v1/models lack owned_by (model-runner/routes/openai-models.ts)',
    alsoBreaks: {
      rules: ['mr.openai.models.retrieve'],
      why: "retrieve is judged against the list's entries: a list that is not an OpenAI model list names no model object to compare with",
    },
  },
  'mr.openai.models.retrieve': { breaks: 'GET …/v1/models/{id} with the id\'s "/" escaped (%2F) is 404 (model-runner/routes/openai-models.ts)' },
  'mr.chat.shape': {
    breaks: 'a chat completion that is not streamed says object "chat_completion" (model-runner/routes/chat.ts)',
    alsoBreaks: {
      rules: ['mr.chat.stream', 'mr.chat.stream.usage', 'mr.generation.max-tokens', 'mr.generation.stop', 'mr.generation.n', 'mr.generation.usage'],
      why: 'these rules are judged on chat.completion answers (the streamed text against the whole answer; max_tokens, stop, n and usage in the answer): an answer that is not a chat.completion shows none of them',
    },
  },
  'mr.chat.stream': { breaks: 'a streamed chat completion never sends the chunk with finish_reason (model-runner/routes/chat.ts)' },
  'mr.chat.stream.usage': { breaks: 'stream_options.include_usage is ignored (model-runner/routes/chat.ts)' },
  'mr.completions.shape': { breaks: 'streamed text completion chunks say object "chat.completion.chunk" (model-runner/routes/completions.ts)' },
  'mr.embeddings.shape': { breaks: 'embedding indexes start at 1 (model-runner/routes/embeddings.ts)' },
  'mr.embeddings.base64': { breaks: 'base64 embeddings are big-endian float32 (model-runner/routes/embeddings.ts)' },
  'mr.generation.max-tokens': { breaks: 'max_tokens lets one token more through (model-runner/routes/generation-params.ts)' },
  'mr.generation.stop': { breaks: 'the stop string is returned at the end of the text (model-runner/routes/generation-params.ts)' },
  'mr.generation.n': { breaks: 'n above 2 gives 2 choices (model-runner/routes/generation-params.ts)' },
  'mr.generation.usage': { breaks: 'total_tokens counts one more than prompt_tokens + completion_tokens (model-runner/routes/openai-objects.ts)' },
  'mr.openai.bad-request': { breaks: 'a chat completion without messages answers 200 with an empty completion (model-runner/routes/chat.ts)' },
  'mr.inference.checks': { breaks: 'an inference request for a model not held is served (model-runner/routes/inference.ts)' },
  'mr.inference.body-limit': { breaks: 'the inference body limit is 16 MiB, not 10 (model-runner/routes/inference.ts)' },
  'mr.inference.work-bounds': {
    breaks: 'the OpenAI limits on embedding inputs (2048 items, 8192 tokens each, 300 000 in all) are not checked (model-runner/limits.ts)',
  },
  'mr.inference.fairness': {
    breaks:
      "a request's work is done in one go: every prompt generated and every embedding computed and serialised without yielding (model-runner/engine/slices.ts, routes/backpressure.ts)",
  },
  'mr.store.persists': { breaks: 'a clean shutdown empties the store (model-runner/runner.ts)' },
  'mr.store.crash-safe': {
    breaks:
      'a create is answered before it is written; the write follows 200 ms later, or at a clean shutdown (model-runner/store/faulty-writes.ts: WrittenLater, around the reference writes)',
    alsoBreaks: {
      rules: [
        'mr.models.tag',
        'mr.models.delete.tagged',
        'mr.reference.format',
        'mr.reference.normalised',
        'mr.models.get',
        'mr.models.extra-segments',
        'mr.models.list',
        'mr.models.delete',
      ],
      why: "those rules tag a model right after its create was answered (the runner creates only its registry's references, so a name of the case's own is a tag of a registry model): a create answered before it is written is not there yet to tag (404; for the list and delete sequences, a name that could not be given leaves the case unjudged)",
    },
  },
  'mr.store.concurrent': {
    breaks:
      'a create shows its record without tags for 30 ms before the whole record (model-runner/store/faulty-writes.ts: HalfWritten, around the reference writes)',
  },
  'mr.server.survives-bad-input': { breaks: 'an inference body that is a JSON array is a 500 (model-runner/routes/inference.ts)' },
};
