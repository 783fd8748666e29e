import { fillMessage } from '../../../common/messages.js';
import { SIMULATOR_MESSAGES } from '../../../specs/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { goFields, isJsonObject } from '../go-fields.js';
import { readJsonRequest } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';

/**
 * The refusals every release gives before it looks at the network (observed on 20.10.24, 26.1.5,
 * 28.5.2): the body, a blank container (400), an unknown one (404). What follows changes the
 * container's networks (a created container keeps any network name, even an unknown one; 20.10
 * lets a container of the network none join others, later releases refuse it), which ctrd-sim does
 * not model yet: 501.
 */
function connectRoute(action: 'connect' | 'disconnect'): Route {
  const path = `/networks/{id}/${action}`;
  return {
    method: 'POST',
    path,
    slashedParams: ['id'],
    where: `simulator/engine/networks/connect.ts: POST ${path}`,
    rules: [],
    async handle(x: Exchange) {
      const read = await readJsonRequest(x, () => null, true);
      if (!('value' in read)) return handlerError(x, read.status, read.message);
      const fields = isJsonObject(read.value) ? goFields(read.value, ['Container']) : {};
      const name = typeof fields['Container'] === 'string' ? fields['Container'] : '';
      if (name === '') return handlerError(x, 400, fillMessage(ENGINE_MESSAGES.invalidNameOrId, { name }));
      if (x.state.objects.findContainer(name) === undefined) return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.noSuchContainer, { name }));
      handlerError(x, 501, fillMessage(SIMULATOR_MESSAGES.notImplemented, { method: 'POST', path }));
    },
  };
}

export const networkConnectRoute = connectRoute('connect');
export const networkDisconnectRoute = connectRoute('disconnect');
