import { addRoute, createRouter, findRoute, type RouterContext } from 'rou3';
import { RUNNER_MESSAGES } from './replies.js';
import { chatCompletions } from './routes/chat.js';
import { completions } from './routes/completions.js';
import type { RunnerRequest } from './routes/context.js';
import { embeddings } from './routes/embeddings.js';
import { createModel, deleteModel, getModel, listModels, modelAction } from './routes/models.js';
import { listOpenAiModels, retrieveOpenAiModel } from './routes/openai-models.js';

/**
 * What a request's path names once cleaned (model-runner/paths.ts): its segments, /engines paths
 * in the shortcut form (/engines/v1/…), and the engine the full form /engines/<engine>/v1/… named
 * (null for the shortcut and the management paths).
 */
export interface RunnerTarget {
  readonly segments: readonly string[];
  readonly engine: string | null;
}

/** One endpoint of the runner: method ('' for every method), path in rou3's syntax, and its answer. */
interface RunnerRoute {
  readonly method: string;
  readonly path: string;
  /** True when answered at once, a promise when later, false for the sub-router's 404. */
  answer(x: RunnerRequest, target: RunnerTarget): boolean | Promise<void>;
}

/** An answer written at once (not later): it says so to the router. */
const atOnce =
  (write: (x: RunnerRequest, target: RunnerTarget) => void): RunnerRoute['answer'] =>
  (x, target) => {
    write(x, target);
    return true;
  };

/**
 * The runner's routes, as the real service's mux has them: GET / (alive), /models… (management),
 * /engines… (OpenAI-style, looked up in the shortcut form). A model reference may hold "/": the
 * `**` placeholders take one segment or more, and the answer reads them from the target's segments.
 */
const RUNNER_ROUTES: readonly RunnerRoute[] = [
  {
    method: 'GET',
    path: '/',
    answer: (x) => {
      x.res.writeHead(200, ['Content-Type', 'text/plain; charset=utf-8']);
      x.res.end(RUNNER_MESSAGES.running);
      return true;
    },
  },
  { method: 'GET', path: '/models', answer: atOnce((x) => listModels(x)) },
  { method: 'POST', path: '/models/create', answer: (x) => createModel(x) },
  // /models/create names no model, whatever the method: the other methods are the sub-router's 404.
  { method: '', path: '/models/create', answer: () => false },
  { method: 'GET', path: '/models/**:reference', answer: atOnce((x, { segments }) => getModel(x, segments.slice(1))) },
  { method: 'DELETE', path: '/models/**:reference', answer: atOnce((x, { segments }) => deleteModel(x, segments.slice(1))) },
  // The last segment is an action (tag; push and repackage): /models/{nameAndAction...} of the real service.
  { method: 'POST', path: '/models/**:nameAndAction', answer: atOnce((x, { segments }) => modelAction(x, segments.slice(1))) },
  { method: 'GET', path: '/engines/v1/models', answer: atOnce((x, { engine }) => listOpenAiModels(x, engine)) },
  {
    method: 'GET',
    path: '/engines/v1/models/**:model',
    answer: (x, { engine, segments }) => {
      // Where a quirk makes /models match as a prefix under the shortcut: routes/openai-models-variant.ts.
      if (engine === null && x.runner.variants.openAiModels.shortcutRetrieveLists) listOpenAiModels(x, engine);
      else retrieveOpenAiModel(x, engine, segments.slice(3));
      return true;
    },
  },
  { method: 'POST', path: '/engines/v1/chat/completions', answer: (x, { engine }) => chatCompletions(x, engine) },
  { method: 'POST', path: '/engines/v1/completions', answer: (x, { engine }) => completions(x, engine) },
  { method: 'POST', path: '/engines/v1/embeddings', answer: (x, { engine }) => embeddings(x, engine) },
];

/** Built on the first request: the runner is off the daemon's start path. */
let tree: RouterContext<RunnerRoute> | undefined;

function router(): RouterContext<RunnerRoute> {
  if (tree === undefined) {
    const built = createRouter<RunnerRoute>();
    for (const route of RUNNER_ROUTES) addRoute(built, route.method, route.path, route);
    tree = built;
  }
  return tree;
}

/** A segment as the table reads it: a "/" it holds (%2F in the request) does not split it. */
const escapeSegment = (segment: string): string =>
  segment.includes('%') || segment.includes('/') ? segment.replace(/%/g, '%25').replace(/\//g, '%2F') : segment;

/**
 * The path the table is searched with: the target's segments, each escaped. The inference
 * endpoints (POST under /engines) compare what follows v1 as one string, a "/" a segment holds
 * included: their path is that string's own segments (an empty one matches nothing).
 */
function lookupPath(method: string, target: RunnerTarget): string | null {
  const { segments } = target;
  if (method !== 'POST' || segments[0] !== 'engines') return `/${segments.map(escapeSegment).join('/')}`;
  const operation = segments.slice(2).join('/').split('/');
  if (operation.includes('')) return null;
  return `/engines/v1/${operation.map(escapeSegment).join('/')}`;
}

/** Runs the route for the request: true when answered at once, a promise when later, false when no route matches. */
export function answerRoute(x: RunnerRequest, method: string, target: RunnerTarget): boolean | Promise<void> {
  const path = lookupPath(method, target);
  const found = path === null ? undefined : findRoute(router(), method, path);
  return found === undefined ? false : found.data.answer(x, target);
}
