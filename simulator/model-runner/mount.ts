import type { SyncMiddleware } from '../http/route.js';
import { runnerThroughPlugins } from '../http/middleware/authorization.js';
import type { RunnerHandler } from './handler.js';
import { mountVariant } from './mount-variant.js';

/** The daemon socket's prefix for the runner (model-runner-api.md, Base addresses 2). */
export const SOCKET_PREFIX = '/exp/vENG4.40';

/**
 * The step of the daemon listeners' chain that mounts the runner: paths under the prefix go to
 * the runner (without it), through the authorization plugins, and end the chain before the Host
 * check; all others pass on to the daemon's steps, untouched. The check is one string comparison:
 * /_ping stays as fast. Where a fault or a quirk makes it differ, it reads the field of its variant
 * (mount-variant.ts), resolved once per configuration.
 */
export function modelRunnerMount(runner: RunnerHandler): SyncMiddleware {
  return {
    where: 'simulator/model-runner/mount.ts: modelRunnerMount',
    rules: [],
    handle(x) {
      const variant = mountVariant(x.state.config);
      const url = x.req.url ?? '/';
      if (url.startsWith(SOCKET_PREFIX) && (url.length === SOCKET_PREFIX.length || url[SOCKET_PREFIX.length] === '/' || url[SOCKET_PREFIX.length] === '?')) {
        const path = url.slice(SOCKET_PREFIX.length).replace(/\?.*$/, '') || '/';
        if (!variant.forwards(x.req.method)) return false;
        if (!path.startsWith('/engines') && !variant.managementServed) return runnerThroughPlugins(x, runner, '/no-such-path');
        if (path.startsWith('/engines/v1/') && !variant.shortcutServed) return runnerThroughPlugins(x, runner, '/no-such-path');
        variant.errorForm?.(x.res);
        return runnerThroughPlugins(x, runner, path);
      }
      if (url.startsWith('/engines/') && variant.enginesUnprefixed) return runnerThroughPlugins(x, runner, url.replace(/\?.*$/, ''));
      if (variant.unprefixedToRunner(url)) return runnerThroughPlugins(x, runner, url.replace(/\?.*$/, ''));
      return false;
    },
  };
}
