import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Logger } from '../log.js';
import type { PluginAddress } from './locate.js';
import { callPlugin, PluginCallError } from './plugin-client.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';
import type { AuthzMessage } from '../../specs/authz-protocol.js';
import { AUTHZ_EMPTY_MESSAGE_DROPPED, denialWithoutEmpty } from '../quirks/listeners/authz-empty-message-dropped.js';
import { AUTHZ_STOPS_AT_ALLOW } from '../quirks/listeners/authz-stops-at-allow.js';
import { isReadOnly, UNREACHABLE_READS_OPEN } from '../quirks/listeners/unreachable-reads-open.js';

export interface InstalledPlugin {
  readonly name: string;
  readonly address: PluginAddress;
}

/** Allowed, or refused with the status and message the client gets. */
export type AuthzOutcome = { readonly allowed: true } | { readonly allowed: false; readonly status: number; readonly message: string };

const ALLOWED: AuthzOutcome = Object.freeze({ allowed: true });

interface Verdict {
  readonly Allow?: unknown;
  readonly Msg?: unknown;
}

type Phase = 'AuthZRequest' | 'AuthZResponse';
const METHOD: Readonly<Record<Phase, string>> = { AuthZRequest: 'AuthZPlugin.AuthZReq', AuthZResponse: 'AuthZPlugin.AuthZRes' };

/**
 * The installed plugins in order (moby pkg/authorization): every plugin must allow a request, and
 * then its answer; the first denial answers 403 "authorization denied by plugin NAME: MSG", a
 * plugin that cannot be asked answers 500 "plugin NAME failed with error: …". Never allowed by default.
 */
export class AuthzChain {
  constructor(
    readonly plugins: readonly InstalledPlugin[],
    private readonly retryBaseMs: number,
    private readonly logger: Logger,
    private readonly faults: ReadonlySet<TestableRuleId>,
    private readonly quirks: ReadonlySet<string> = new Set(),
    /** The deadline of a plugin's whole answer (CALL_TIMEOUT_MS unless --plugin-timeout-ms). */
    private readonly timeoutMs?: number,
  ) {}

  authorizeRequest(message: AuthzMessage): Promise<AuthzOutcome> {
    return this.ask('AuthZRequest', message, false);
  }

  authorizeResponse(message: AuthzMessage): Promise<AuthzOutcome> {
    // Fault (authz.response-deny): what the plugins say of the answer is not heard.
    return this.ask('AuthZResponse', message, this.faults.has('authz.response-deny'));
  }

  private async ask(phase: Phase, message: AuthzMessage, ignoreDenials: boolean): Promise<AuthzOutcome> {
    // Fault (authz.chain): only the first plugin is asked.
    const plugins = this.faults.has('authz.chain') ? this.plugins.slice(0, 1) : this.plugins;
    for (const plugin of plugins) {
      let verdict: Verdict;
      try {
        verdict = (await callPlugin(plugin.address, METHOD[phase], message, this.retryBaseMs, this.logger, this.timeoutMs)) as Verdict;
      } catch (error) {
        // Fault (authz.unreachable): a plugin that cannot be reached lets the request through.
        if (this.faults.has('authz.unreachable')) continue;
        // Quirk hypothetical.authz.unreachable.reads-open: read-only requests skip a plugin that cannot be reached.
        if (this.quirks.has(UNREACHABLE_READS_OPEN) && isReadOnly(message.RequestMethod)) continue;
        const words = error instanceof PluginCallError ? error.message : String(error);
        const text = fillMessage(AUTHZ_MESSAGES.failed, { name: plugin.name, error: words });
        this.logger.log('error', `${phase} for ${message.RequestMethod} ${message.RequestUri} returned error: ${text}`);
        return { allowed: false, status: 500, message: text };
      }
      if (verdict.Allow !== true && !ignoreDenials) {
        const msg = typeof verdict.Msg === 'string' ? verdict.Msg : '';
        // Quirk hypothetical.authz.deny.empty-message-dropped: no ": " after the name when the message is empty.
        const message = this.quirks.has(AUTHZ_EMPTY_MESSAGE_DROPPED)
          ? denialWithoutEmpty(plugin.name, msg)
          : fillMessage(AUTHZ_MESSAGES.denied, { name: plugin.name, msg });
        return { allowed: false, status: 403, message };
      }
      // Quirk hypothetical.authz.chain.stops-at-allow: the first plugin that allows ends the chain.
      if (this.quirks.has(AUTHZ_STOPS_AT_ALLOW)) return ALLOWED;
    }
    return ALLOWED;
  }
}
