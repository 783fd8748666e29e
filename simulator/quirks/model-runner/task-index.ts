// Quirk hypothetical.mr.generation.n.task-index (specs/quirks/model-runner.ts): each of the n choices is generated as a
// task of its own and answered with its index within that task: every choice is indexed 0.

/** The index a choice has within its own one-choice task, whatever its place among the n. */
export const indexWithinTask = (_index: number): number => 0;
