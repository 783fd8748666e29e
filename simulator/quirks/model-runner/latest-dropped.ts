// Quirk hypothetical.mr.openai.models.list.latest-dropped (specs/quirks/model-runner.ts): the OpenAI list names a model
// tagged latest without its tag (namespace/name), as the CLI shows it.

/** An id as the quirk lists it: without a ":latest" tag. */
export const withoutLatest = (id: string): string => id.replace(/:latest$/, '');
