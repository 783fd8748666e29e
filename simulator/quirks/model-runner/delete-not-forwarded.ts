import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the socket's proxy forwards GET and POST only (the methods of the inference endpoints): DELETE under the prefix reaches the daemon's router and answers its 404, while over TCP it deletes. */
export const DELETE_NOT_FORWARDED = 'hypothetical.mr.socket.prefix.management.delete-not-forwarded';

export const deleteNotForwarded: QuirkModule = {
  where:
    'simulator/quirks/model-runner/delete-not-forwarded.ts; its row of simulator/model-runner/mount-variant.ts (MOUNT_VARIATIONS), read by simulator/model-runner/mount.ts (modelRunnerMount)',
};

/** The methods the proxy under the prefix passes to the runner. */
const PROXIED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);

export const proxied = (method: string | undefined): boolean => PROXIED_METHODS.has(method ?? 'GET');
