import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Logger } from '../log.js';
import type { PluginAddress } from './locate.js';
import { callPlugin, PluginCallError } from './plugin-client.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';
import type { AuthzMessage } from '../../specs/authz-protocol.js';
import { authzChainVariant, type AuthzChainVariant } from './chain-variant.js';

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
  /** Where a fault or a quirk makes the chain differ (chain-variant.ts). */
  private readonly variant: AuthzChainVariant;

  constructor(
    readonly plugins: readonly InstalledPlugin[],
    private readonly retryBaseMs: number,
    private readonly logger: Logger,
    faults: ReadonlySet<TestableRuleId>,
    quirks: ReadonlySet<string> = new Set(),
    /** The deadline of a plugin's whole answer (CALL_TIMEOUT_MS unless --plugin-timeout-ms). */
    private readonly timeoutMs?: number,
  ) {
    this.variant = authzChainVariant({ faults, quirks });
  }

  authorizeRequest(message: AuthzMessage): Promise<AuthzOutcome> {
    return this.ask('AuthZRequest', message, false);
  }

  authorizeResponse(message: AuthzMessage): Promise<AuthzOutcome> {
    // What the plugins say of the answer is heard.
    return this.ask('AuthZResponse', message, !this.variant.responseDenialsHeard);
  }

  private async ask(phase: Phase, message: AuthzMessage, ignoreDenials: boolean): Promise<AuthzOutcome> {
    // Every plugin is asked, in order.
    const plugins = this.plugins.slice(0, this.variant.pluginsAsked);
    for (const plugin of plugins) {
      let verdict: Verdict;
      try {
        verdict = (await callPlugin(plugin.address, METHOD[phase], message, this.retryBaseMs, this.logger, this.timeoutMs)) as Verdict;
      } catch (error) {
        // A plugin that cannot be reached refuses the request with 500.
        if (this.variant.unreachableSkipped(message.RequestMethod)) continue;
        const words = error instanceof PluginCallError ? error.message : String(error);
        const text = fillMessage(AUTHZ_MESSAGES.failed, { name: plugin.name, error: words });
        this.logger.log('error', `${phase} for ${message.RequestMethod} ${message.RequestUri} returned error: ${text}`);
        return { allowed: false, status: 500, message: text };
      }
      if (verdict.Allow !== true && !ignoreDenials) {
        const msg = typeof verdict.Msg === 'string' ? verdict.Msg : '';
        return { allowed: false, status: 403, message: this.variant.denial(plugin.name, msg) };
      }
      // Every plugin must allow: the next is asked.
      if (this.variant.endsAtFirstAllow) return ALLOWED;
    }
    return ALLOWED;
  }
}
