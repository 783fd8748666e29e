import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimConfig } from '../config/types.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `--api-cors-header <origin>` (removed in 28.0, daemon.md › Deprecation catalogue): every answer
 * carries the origin and the methods and headers the releases list (observed on 20.10 and 26.1).
 * Without the option the handler is returned as is: /_ping pays nothing.
 */
export function withCorsHeaders(config: SimConfig, handler: Handler): Handler {
  const origin = config.corsHeader;
  if (origin === null) return handler;
  // Fault (listen.cors-header): only /version answers carry the header.
  const onlyVersion = config.faults.has('listen.cors-header');
  return (req, res) => {
    if (!onlyVersion || /\/version$/.test((req.url ?? '').replace(/\?.*$/, ''))) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Headers', 'Origin, X-Requested-With, Content-Type, Accept, X-Registry-Auth');
      res.setHeader('Access-Control-Allow-Methods', 'HEAD, GET, POST, DELETE, PUT, OPTIONS');
    }
    handler(req, res);
  };
}
