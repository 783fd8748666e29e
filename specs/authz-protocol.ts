/** The authorization plugin protocol (moby pkg/authorization, pkg/plugins), as both sides speak it. Types and constants only. */

/** The plugin protocol's media type, on every call and answer. */
export const PLUGIN_MEDIA_TYPE = 'application/vnd.docker.plugins.v1.2+json';

/** What the daemon sends to /AuthZPlugin.AuthZReq about a request (and, with the response fields, to AuthZRes). */
export interface AuthzMessage {
  readonly User?: string;
  readonly UserAuthNMethod?: string;
  readonly RequestMethod: string;
  /** The URI as sent: version prefix and query included. */
  readonly RequestUri: string;
  /** Base64; only JSON bodies under 1 MiB are sent. */
  readonly RequestBody?: string | null;
  readonly RequestHeaders?: Record<string, string> | null;
  readonly ResponseStatusCode?: number;
  /** Base64. */
  readonly ResponseBody?: string | null;
  readonly ResponseHeaders?: Record<string, string> | null;
}

/** A plugin's answer: allow, or deny with a message; `Err` reports the plugin's own failure. */
export interface AuthzVerdict {
  readonly Allow: boolean;
  readonly Msg?: string;
  readonly Err?: string;
}
