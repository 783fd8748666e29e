import fc from 'fast-check';
import type { HttpClient, HttpReply } from '../../http/client.js';
import { bodyOf, openAiCall, type OpenAiCall } from '../openai-call-arbitraries.js';
import { formOf, type AnswerForm } from './answer-form.js';
import { differenceText, formDifferences, type FormDifference } from './form-differences.js';

/**
 * The differential property between two OpenAI-compatible servers: the same generated requests
 * (listing, generation, refused generation) to both, the answers compared on form (status, body
 * kind, error form, stream end, JSON shape), never on text. Each difference must be explained:
 * by a rule the second server breaks (a known deviation of that engine), or by what the document
 * leaves open (an extension). What no explanation covers fails the property, shrunk to a minimal
 * request.
 */

/** One server: its OpenAI base (a client whose base path ends at /v1) and the model it serves. */
export interface DifferentialSide {
  readonly label: string;
  readonly client: HttpClient;
  readonly model: string;
}

/** Why a difference is allowed, and which differences it covers. */
export interface Explanation {
  readonly id: string;
  /**
   * runner: the first server answers in the model runner's own layer, which a bare engine lacks (the
   * rule `rule`); extension: the second adds what the OpenAI shapes allow; known-deviation: the second
   * departs from the OpenAI shapes or limits (breaking `rule` where one judges it).
   */
  readonly kind: 'runner' | 'extension' | 'known-deviation';
  readonly rule?: string;
  /** What differs, in words (docs/rule-areas.md lists it). */
  readonly what: string;
  covers(call: OpenAiCall, difference: FormDifference, forms: { readonly first: AnswerForm; readonly second: AnswerForm }): boolean;
}

/** Stands for each side's own model in the generated calls. */
const PLACEHOLDER = 'ctc-differential/model';

/** The call as sent to one side: the placeholder model replaced by the side's. */
function callFor(call: OpenAiCall, model: string): OpenAiCall {
  const swap = (text: string): string => text.split(PLACEHOLDER).join(model);
  return {
    ...call,
    path: swap(call.path),
    ...(call.json === undefined ? {} : { json: JSON.parse(swap(JSON.stringify(call.json))) as unknown }),
    ...(call.raw === undefined ? {} : { raw: swap(call.raw) }),
  };
}

const send = (side: DifferentialSide, call: OpenAiCall): Promise<HttpReply> => {
  const own = callFor(call, side.model);
  return side.client.request(own.method, own.path, { ...bodyOf(own), timeoutMs: 60_000, maxBodyBytes: 64 << 20 });
};

export interface DifferentialOutcome {
  /** Differences seen, by the explanation that covered them, with one example each. */
  readonly explained: ReadonlyMap<string, { count: number; example: string }>;
  /** The property's failure (shrunk; seed and path in the message), or null. */
  readonly failure: string | null;
}

/** Runs the property for `numRuns` generated calls from `seed`; a difference nothing explains fails it. */
export async function runDifferential(
  first: DifferentialSide,
  second: DifferentialSide,
  explanations: readonly Explanation[],
  options: { readonly seed: number; readonly numRuns: number },
): Promise<DifferentialOutcome> {
  const explained = new Map<string, { count: number; example: string }>();
  const property = fc.asyncProperty(openAiCall(PLACEHOLDER), async (call) => {
    const [a, b] = await Promise.all([send(first, call), send(second, call)]);
    const unexplained: string[] = [];
    const forms = { first: formOf(a), second: formOf(b) };
    for (const difference of formDifferences(forms.first, forms.second)) {
      const by = explanations.find((e) => e.covers(call, difference, forms));
      if (by === undefined) {
        unexplained.push(differenceText(difference));
        continue;
      }
      const seen = explained.get(by.id);
      explained.set(by.id, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? `${call.method} ${call.path}: ${differenceText(difference)}` });
    }
    if (unexplained.length > 0) {
      throw new Error(
        `${first.label} and ${second.label} differ, unexplained: ${unexplained.join('; ')} (${first.label} ${a.status} ${a.body.slice(0, 160)} | ${second.label} ${b.status} ${b.body.slice(0, 160)})`,
      );
    }
  });
  try {
    await fc.assert(property, { seed: options.seed, numRuns: options.numRuns });
    return { explained, failure: null };
  } catch (error) {
    // fast-check's message has the seed, path and shrunk counterexample; the property's own words are its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    return { explained, failure: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}
