import type { ServerResponse } from 'node:http';

/**
 * The runner's two kinds of error. Its own checks answer as Go's http.Error does (plain text, the
 * message and a newline: docker/model-runner uses it everywhere); the engine's refusals of a
 * request body answer the OpenAI error object.
 */
export function plainError(res: ServerResponse, status: number, message: string, close = false, headers: readonly string[] = []): void {
  const body = `${message}\n`;
  res.writeHead(status, [
    'Content-Type',
    'text/plain; charset=utf-8',
    'X-Content-Type-Options',
    'nosniff',
    'Content-Length',
    String(Buffer.byteLength(body)),
    ...(close ? ['Connection', 'close'] : []),
    ...headers,
  ]);
  res.end(body);
}

/** A request body the engine refuses: 400 and `{"error":{"message","type","param","code"}}` (OpenAI's ErrorResponse). */
export class EngineRefusal extends Error {
  override readonly name = 'EngineRefusal';
  readonly code = 'MR_ENGINE_REFUSAL';
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

export function openAiError(res: ServerResponse, status: number, refusal: EngineRefusal): void {
  sendJson(res, status, { error: { message: refusal.message, type: 'invalid_request_error', param: refusal.param, code: null } });
}

/** A JSON answer with a trailing newline, as Go's json.Encoder writes it. */
export function sendJson(res: ServerResponse, status: number, document: unknown): void {
  const body = `${JSON.stringify(document)}\n`;
  res.writeHead(status, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
}

/** The runner's messages, as the real service words them (docker/model-runner @ 642c7211). */
export const RUNNER_MESSAGES = {
  notFound: 'not found',
  pageNotFound: '404 page not found',
  backendNotFound: 'backend not found',
  tooLarge: 'request too large',
  invalidRequest: 'invalid request',
  modelRequired: 'model is required',
  modelNotFound: 'model not found',
  /** A create of a model the registry lacks (docker/model-runner @ 642c7211: pkg/inference/models/http_handler.go handleCreateModel, registry.ErrModelNotFound). */
  modelNotInRegistry: 'Model not found',
  invalidBody: 'invalid request body',
  running: 'The model runner is running',
  /** The simulator's own (the real service has no bound of its own here): a full line of inference requests (work-slots.ts). */
  busy: 'too many inference requests in progress, try again later',
} as const;
