import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TestableRuleId } from '../../specs/catalogue.js';
import type { RunnerHandler } from './handler.js';
import { daemonErrorForm, SOCKET_DAEMON_ERRORS } from '../quirks/model-runner/socket-daemon-errors.js';
import { DELETE_NOT_FORWARDED, proxied } from '../quirks/model-runner/delete-not-forwarded.js';
import { isOldModelsPath, MODELS_UNPREFIXED } from '../quirks/model-runner/models-unprefixed.js';

/** The daemon socket's prefix for the runner (model-runner-api.md, Base addresses 2). */
export const SOCKET_PREFIX = '/exp/vENG4.40';

/**
 * The daemon socket's handler: paths under the prefix go to the runner (without it), all others
 * to the daemon's own chain, untouched. The check is one string comparison: /_ping stays as fast.
 */
export function mountOnSocket(
  daemon: (req: IncomingMessage, res: ServerResponse) => void,
  runner: RunnerHandler,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(SOCKET_PREFIX) && (url.length === SOCKET_PREFIX.length || url[SOCKET_PREFIX.length] === '/' || url[SOCKET_PREFIX.length] === '?')) {
      const path = url.slice(SOCKET_PREFIX.length).replace(/\?.*$/, '') || '/';
      // Quirk hypothetical.mr.socket.prefix.management.delete-not-forwarded: the proxy passes GET and POST only.
      if (quirks.has(DELETE_NOT_FORWARDED) && !proxied(req.method)) return daemon(req, res);
      // Fault (mr.socket.prefix.management): only /engines… is served under the prefix.
      if (!path.startsWith('/engines') && faults.has('mr.socket.prefix.management')) return runner(req, res, '/no-such-path');
      // Fault (mr.socket.prefix): the shortcut /engines/v1… is not served under the prefix.
      if (path.startsWith('/engines/v1/') && faults.has('mr.socket.prefix')) return runner(req, res, '/no-such-path');
      // Quirk hypothetical.mr.socket.prefix.daemon-errors: the runner's errors take the daemon's form.
      return runner(req, quirks.has(SOCKET_DAEMON_ERRORS) ? daemonErrorForm(res) : res, path);
    }
    // Fault (mr.socket.daemon-beside): unprefixed /engines… goes to the runner.
    if (url.startsWith('/engines/') && faults.has('mr.socket.daemon-beside')) return runner(req, res, url.replace(/\?.*$/, ''));
    // Quirk hypothetical.mr.socket.daemon-beside.models-unprefixed: an earlier command line's /models paths are kept.
    if (quirks.has(MODELS_UNPREFIXED) && isOldModelsPath(url)) return runner(req, res, url.replace(/\?.*$/, ''));
    daemon(req, res);
  };
}
