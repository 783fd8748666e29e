import { fillMessage } from '../../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../../specs/messages.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a plugin's empty message leaves the denial without its ": " ("authorization denied by plugin NAME"). */
export const AUTHZ_EMPTY_MESSAGE_DROPPED = 'hypothetical.authz.deny.empty-message-dropped';
export const authzEmptyMessageDropped: QuirkModule = {
  where: 'simulator/quirks/listeners/authz-empty-message-dropped.ts, called from simulator/authz/chain.ts (ask)',
};

export const denialWithoutEmpty = (name: string, msg: string): string =>
  msg === '' ? fillMessage(AUTHZ_MESSAGES.denied, { name, msg: '' }).replace(/: $/, '') : fillMessage(AUTHZ_MESSAGES.denied, { name, msg });
