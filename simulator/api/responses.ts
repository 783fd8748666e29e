import { buildResponseKit as buildKit } from '../api-versioning/response-kit.js';
import type { SimConfig } from '../config/resolve.js';

/**
 * @deprecated The kit moved to api-versioning/response-kit.ts (headers per unversioned and
 * versioned request); import buildResponseKit from simulator/index.js and read `.bare.pingGet`.
 * Kept while bench/bare-server.ts still imports this path.
 */
export const buildResponseKit = (config: SimConfig): { readonly pingGet: string[] } => ({ pingGet: [...buildKit(config).bare.pingGet] });
