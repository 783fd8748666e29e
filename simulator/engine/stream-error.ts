import type { Exchange } from '../http/exchange.js';
import { releaseBelow } from './replies.js';

/** The first release whose stream formatter writes its messages through a Go map (compat.Wrap): keys sorted. */
const SORTED_FROM = '29.0';

/**
 * An error as moby's streamformatter.FormatError writes it into a stream already started: before
 * 29.0 in the JSONMessage struct's order (errorDetail, error), from 29.0 sorted (error first).
 * Observed on 28.5.2 and 29.7.2 (a push, a load).
 */
export const streamErrorLine = (x: Exchange, message: string): Record<string, unknown> =>
  releaseBelow(x, SORTED_FROM) ? { errorDetail: { message }, error: message } : { error: message, errorDetail: { message } };
