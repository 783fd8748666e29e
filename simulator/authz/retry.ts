/** Go's time.Duration String for the waits the plugin client logs: 1s, 2s, 500ms, 1.5s. */
export const formatGoDuration = (ms: number): string => (ms >= 1000 ? `${ms / 1000}s` : `${ms}ms`);

/** dockerd's plugin client waits 1, 2, 4 and 8 s between attempts (observed on every release). */
export const DEFAULT_RETRY_BASE_MS = 1000;
export const CALL_RETRIES = 4;
