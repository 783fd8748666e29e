/** Go's time.Duration String for the waits the plugin client logs: 1s, 2s, 500ms, 1.5s. */
export const formatGoDuration = (ms: number): string => (ms >= 1000 ? `${ms / 1000}s` : `${ms}ms`);

/**
 * dockerd's plugin lookups and calls both try again four times, waiting 1, 2, 4 and 8 s (observed on
 * every release): the first wait is the base, doubled after each try.
 */
export const DEFAULT_RETRY_BASE_MS = 1000;
export const PLUGIN_RETRIES = 4;

/** The wait before retry number `retry` (0 for the first). */
export const retryWaitMs = (baseMs: number, retry: number): number => baseMs * 2 ** retry;
