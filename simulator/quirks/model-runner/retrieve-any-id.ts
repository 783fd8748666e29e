// Quirk hypothetical.mr.openai.models.retrieve.any-id (specs/quirks/model-runner.ts): GET /engines/v1/models/{id}
// builds the model object from the id without looking it up: an id not held answers 200.

/** The model object the quirk builds from an id alone. */
export const objectFromId = (id: string): Record<string, unknown> => ({ id, object: 'model', created: Math.floor(Date.now() / 1000), owned_by: 'docker' });
