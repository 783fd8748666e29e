import type fc from 'fast-check';
import type { RuleId } from '../../specs/catalogue.js';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import type { Verdict } from '../harness/verdict.js';
import { inferenceClient, serviceClient } from './endpoints.js';
import { modelForInference } from './models.js';

/** What a generated case of a model-runner check runs with. */
export interface RunnerSession {
  /** The cell's client: the OpenAI-compatible base, or the service root over TCP. */
  readonly client: CheckClient;
  /** The model to run inference with; '' for a check that asked for none. */
  readonly model: string;
  readonly ctx: SuiteContext;
  readonly options: PropertyOptions;
}

/** The start, request and verdict of most model-runner checks, written once. */
export interface RunnerProperty<T> {
  /** Where the cases' client talks to (default: the OpenAI-compatible base). */
  readonly via?: 'inference' | 'service';
  /** Whether the cases need a model to run inference with, held before the client opens (default true). */
  readonly model?: boolean;
  /** The generated cases, given the model (and the cell). */
  readonly cases: (model: string, ctx: SuiteContext) => fc.Arbitrary<T>;
  /** Judges one case: a Violation fails it. */
  readonly judge: (value: T, session: RunnerSession) => Promise<void>;
  /** The verdict's summary when every case held. */
  readonly summary: string;
}

/**
 * Holds the model (unless the check needs none), opens the client, runs the property over the
 * generated cases and closes the client whatever the outcome.
 */
export async function runnerProperty<T>(ctx: SuiteContext, options: PropertyOptions, spec: RunnerProperty<T>): Promise<Verdict> {
  const model = spec.model === false ? '' : await modelForInference(ctx);
  const client = spec.via === 'service' ? serviceClient(ctx) : inferenceClient(ctx);
  try {
    const session: RunnerSession = { client, model, ctx, options };
    return await checkProperty(spec.cases(model, ctx), (value) => spec.judge(value, session), options, spec.summary);
  } finally {
    client.close();
  }
}

/** A rule's check that is one runner property (see runnerProperty). */
export const runnerCheck = <T>(spec: RunnerProperty<T> & { readonly rule: RuleId }): RuleCheck => ({
  rule: spec.rule,
  run: (ctx, _api, options) => runnerProperty(ctx, options, spec),
});
