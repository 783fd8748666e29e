import { fillMessage } from '../../../common/messages.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { queryOf, sendEmpty } from '../replies.js';
import { CONTAINER_NAME } from './create.js';
import { containerOr404 } from './routes.js';

/**
 * POST /containers/{name}/rename?name=NEW, in moby's order (observed on 20.10.24, 26.1.5 and
 * 28.5.2): neither name empty (before the lookup), the container, not its own name, a valid name,
 * a free one; then the rename and its event (`oldName` with its "/").
 */
export const containerRenameRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/rename',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/rename.ts: POST /containers/{name}/rename',
  rules: [],
  handle(x) {
    const requested = queryOf(x).get('name') ?? '';
    if ((x.params['name'] ?? '') === '' || requested === '') return handlerError(x, 400, ENGINE_MESSAGES.renameEmpty);
    const container = containerOr404(x);
    if (container === undefined) return;
    const name = requested.replace(/^\//, '');
    if (name === container.name) return handlerError(x, 400, ENGINE_MESSAGES.renameSame);
    if (!CONTAINER_NAME.test(`/${name}`))
      return handlerError(x, 400, `${ENGINE_MESSAGES.allocatingName}${fillMessage(ENGINE_MESSAGES.invalidName, { name: `/${name}` })}`);
    const taken = x.state.objects.allContainers().find((other) => other.name === name);
    if (taken !== undefined) return handlerError(x, 409, `${ENGINE_MESSAGES.allocatingName}${fillMessage(ENGINE_MESSAGES.nameInUse, { name, id: taken.id })}`);
    x.state.objects.renameContainer(container, name);
    sendEmpty(x, 204);
  },
};
