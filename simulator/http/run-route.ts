import type { Exchange } from './exchange.js';
import { handlerError } from './replies.js';

/** Runs the matched route's handler; what it throws or rejects with is a 500 (or a cut connection once it answered). */
export function runRoute(x: Exchange): void {
  let outcome: void | Promise<void>;
  try {
    outcome = x.route!.handle(x);
  } catch (error) {
    return failed(x, error);
  }
  if (outcome !== undefined) outcome.catch((error: unknown) => failed(x, error));
}

function failed(x: Exchange, error: unknown): void {
  if (x.res.headersSent) {
    x.state.logger.log(
      'error',
      `Handler for ${x.req.method ?? 'GET'} ${x.req.url ?? '/'} failed after answering: ${error instanceof Error ? error.message : String(error)}`,
    );
    x.res.destroy();
    return;
  }
  handlerError(x, 500, error instanceof Error ? error.message : String(error));
}
