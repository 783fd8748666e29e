import type { Quirk } from './types.js';

/** Hypothetical quirks of the model-runner area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const MODEL_RUNNER_QUIRKS: readonly Quirk[] = [
  { id: 'hypothetical.mr.reference.format.bare-name-in-ai', rule: 'mr.reference.format', kind: 'hypothetical', what: 'a reference without namespace is created as ai/<name> (as Docker Model Runner normalises it) instead of being refused: not the document\'s <namespace>/<name>' },
  { id: 'hypothetical.mr.models.create.bad-body.array-from-taken', rule: 'mr.models.create.bad-body', kind: 'hypothetical', what: 'a create body whose "from" is an array of one string is taken as that string (a lenient decoder) instead of being refused' },
  { id: 'hypothetical.mr.chat.stream.usage.no-usage-chunk', rule: 'mr.chat.stream.usage', kind: 'hypothetical', what: 'with stream_options.include_usage the chunks carry "usage": null, but the last chunk with the usage never comes' },
  { id: 'hypothetical.mr.openai.bad-request.content-missing-accepted', rule: 'mr.openai.bad-request', kind: 'hypothetical', what: 'a chat message without content is taken as an empty message and answered 200 instead of refused with 400' },
  { id: 'hypothetical.mr.embeddings.base64.float64', rule: 'mr.embeddings.base64', kind: 'hypothetical', what: 'encoding_format "base64" encodes the vector as float64 (little-endian) instead of float32' },
  { id: 'hypothetical.mr.generation.max-tokens.finish-stop', rule: 'mr.generation.max-tokens', kind: 'hypothetical', what: 'a choice that max_tokens cut ends with finish_reason "stop" instead of "length"' },
  { id: 'hypothetical.mr.versioning.other-segments.v2-served', rule: 'mr.versioning.other-segments', kind: 'hypothetical', what: 'the version segment is not checked: /engines/v2/… (and any v<n>) answers as /engines/v1/…' },
  { id: 'hypothetical.mr.inference.checks.unknown-model-500', rule: 'mr.inference.checks', kind: 'hypothetical', what: 'an inference request naming a model the runner does not hold fails inside the engine with 500 instead of 404' },
  { id: 'hypothetical.mr.models.delete.absent-200', rule: 'mr.models.delete', kind: 'hypothetical', what: 'deleting a model the runner does not hold answers 200 with an empty list of actions instead of 404' },
  { id: 'hypothetical.mr.models.create.openai-list-cached', rule: 'mr.models.create', kind: 'hypothetical', what: 'the OpenAI model list is cached and refreshed only when one of its models is gone (after a delete), not after a create: a created model is missing from it' },
  { id: 'hypothetical.mr.models.get.short-id', rule: 'mr.models.get', kind: 'hypothetical', what: 'GET /models/{namespace}/{name} answers the record with its id shortened to 12 hex digits (as the CLI shows it), unlike the list' },
  { id: 'hypothetical.mr.openai.models.list.latest-dropped', rule: 'mr.openai.models.list', kind: 'hypothetical', what: 'the OpenAI list names a model tagged latest without its tag (namespace/name), as the CLI shows it' },
  { id: 'hypothetical.mr.openai.models.retrieve.any-id', rule: 'mr.openai.models.retrieve', kind: 'hypothetical', what: 'GET /engines/v1/models/{id} builds the model object from the id without looking it up: an id not held answers 200' },
  { id: 'hypothetical.mr.chat.shape.finish-null-on-stop', rule: 'mr.chat.shape', kind: 'hypothetical', what: 'the non-streamed chat.completion leaves finish_reason null when the model stopped by itself (only a max_tokens cut sets it)' },
  { id: 'hypothetical.mr.completions.shape.last-piece-repeated', rule: 'mr.completions.shape', kind: 'hypothetical', what: 'a streamed text completion\'s finish chunk repeats the last piece\'s text, so the chunks join to more than the non-streamed text' },
  { id: 'hypothetical.mr.embeddings.shape.batch-pooling-leak', rule: 'mr.embeddings.shape', kind: 'hypothetical', what: 'in a batch, the pooling of each input after the first leaks the previous input\'s state: its vector differs from the same input\'s alone' },
  { id: 'hypothetical.mr.engines.shortcut.models-prefix', rule: 'mr.engines.shortcut', kind: 'hypothetical', what: 'under the shortcut /engines/v1, /models is matched as a prefix: GET /engines/v1/models/{id} answers the whole list, while the full form retrieves the model' },
  { id: 'hypothetical.mr.socket.prefix.daemon-errors', rule: 'mr.socket.prefix', kind: 'hypothetical', what: 'under the socket prefix the runner\'s error answers pass the daemon\'s error middleware: their body becomes the daemon\'s {"message": …} instead of the runner\'s' },
];
