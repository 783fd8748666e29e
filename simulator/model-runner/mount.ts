import type { SyncMiddleware } from '../http/route.js';
import { runnerThroughPlugins } from '../http/middleware/authorization.js';
import type { RunnerHandler } from './handler.js';
import { daemonErrorForm, SOCKET_DAEMON_ERRORS } from '../quirks/model-runner/socket-daemon-errors.js';
import { DELETE_NOT_FORWARDED, proxied } from '../quirks/model-runner/delete-not-forwarded.js';
import { isOldModelsPath, MODELS_UNPREFIXED } from '../quirks/model-runner/models-unprefixed.js';

/** The daemon socket's prefix for the runner (model-runner-api.md, Base addresses 2). */
export const SOCKET_PREFIX = '/exp/vENG4.40';

/**
 * The step of the daemon listeners' chain that mounts the runner: paths under the prefix go to
 * the runner (without it), through the authorization plugins, and end the chain before the Host
 * check; all others pass on to the daemon's steps, untouched. The check is one string comparison:
 * /_ping stays as fast.
 */
export function modelRunnerMount(runner: RunnerHandler): SyncMiddleware {
  return {
    where: 'simulator/model-runner/mount.ts: modelRunnerMount',
    rules: [],
    handle(x) {
      const { faults, quirks } = x.state.config;
      const url = x.req.url ?? '/';
      if (url.startsWith(SOCKET_PREFIX) && (url.length === SOCKET_PREFIX.length || url[SOCKET_PREFIX.length] === '/' || url[SOCKET_PREFIX.length] === '?')) {
        const path = url.slice(SOCKET_PREFIX.length).replace(/\?.*$/, '') || '/';
        // Quirk hypothetical.mr.socket.prefix.management.delete-not-forwarded: the proxy passes GET and POST only.
        if (quirks.has(DELETE_NOT_FORWARDED) && !proxied(x.req.method)) return false;
        // Fault (mr.socket.prefix.management): only /engines… is served under the prefix.
        if (!path.startsWith('/engines') && faults.has('mr.socket.prefix.management')) return runnerThroughPlugins(x, runner, '/no-such-path');
        // Fault (mr.socket.prefix): the shortcut /engines/v1… is not served under the prefix.
        if (path.startsWith('/engines/v1/') && faults.has('mr.socket.prefix')) return runnerThroughPlugins(x, runner, '/no-such-path');
        // Quirk hypothetical.mr.socket.prefix.daemon-errors: the runner's errors take the daemon's form.
        if (quirks.has(SOCKET_DAEMON_ERRORS)) daemonErrorForm(x.res);
        return runnerThroughPlugins(x, runner, path);
      }
      // Fault (mr.socket.daemon-beside): unprefixed /engines… goes to the runner.
      if (url.startsWith('/engines/') && faults.has('mr.socket.daemon-beside')) return runnerThroughPlugins(x, runner, url.replace(/\?.*$/, ''));
      // Quirk hypothetical.mr.socket.daemon-beside.models-unprefixed: an earlier command line's /models paths are kept.
      if (quirks.has(MODELS_UNPREFIXED) && isOldModelsPath(url)) return runnerThroughPlugins(x, runner, url.replace(/\?.*$/, ''));
      return false;
    },
  };
}
