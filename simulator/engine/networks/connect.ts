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
 * container's networks, which ctrd-sim does not model yet: 501. Observed on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2 (2026-12-05, a container of ctc-img:1 on none and one on host):
 * - A container never started joins any name, an unknown one too, as a key of Networks with the
 *   request's EndpointConfig (Aliases, Links, IPAMConfig, DriverOpts; a second connect replaces
 *   it); an existing network named by ID or ID prefix is keyed by its name. On host mode it joins
 *   only host (200, nothing changes); any other: 400 "container sharing network namespace with
 *   another container or host cannot be connected to any other network". Joining host from
 *   another mode: 400 "container cannot be disconnected from host network or connected to host
 *   network" (20.10, 26.1), "cannot connect container to host network - container must be created
 *   in host network mode" (28.5, 29.7). Leaving a key it does not have: 500 "container <full id>
 *   is not connected to the network <name>", Force or not. No events from 28.5 (20.10 and 26.1
 *   log a disconnect when leaving a network that exists).
 * - A running container: an unknown network is 404 "network <name> not found" (both ways), one it
 *   is on 403 "endpoint with name <container> already exists in network <name>", host as above;
 *   leaving or joining none is 200 with its network event (20.10 and 26.1 log one disconnect more
 *   over these steps).
 * - A started container keeps the keys as they were (mode none, Networks {bridge}: its start is
 *   204 under --bridge=none).
 * Observed again on the four releases (2026-12-05, a configuration-only network c1 with a subnet):
 * - Mode none: joining any other network that exists is 400 "container cannot be connected to
 *   multiple networks with one of the networks in private (none) mode" (an unknown name still
 *   joins); joining none again is 200 and changes nothing, but Aliases are refused: "network-scoped
 *   alias is supported only for containers in user defined networks" (20.10), prefixed
 *   "invalid endpoint settings:\n" (26.1, 28.5), "…\nnetwork-scoped aliases are only supported for
 *   user-defined networks" (29.7); an address outside c1's subnet: "…\nno configured subnet or
 *   ip-range contain the IP address <ip>" (28.5), "…\nno configured subnet contains IP address
 *   <ip>" (29.7), 20.10's none-mode refusal first.
 * - Mode default (bridge): joining c1 is 200, its entry with DNSNames [name, short ID] (26.1 on),
 *   Aliases [short ID] on 20.10; leaving `default` when the key is `bridge` is 500.
 * - Leaving a key it has is 200 (none too: Networks then {}).
 * - A start with an unknown network joined: 404 "network <name> not found" (20.10, 26.1),
 *   "failed to set up container networking: network <name> not found" (28.5, 29.7); the container
 *   stays created, its own entry with a NetworkID on 20.10 and 28.5 only. A start after joining
 *   none again with Links: 204, the Links not kept.
 * - Events: each start and kill of a none container logs its connect and disconnect; 20.10 and
 *   26.1 also log a disconnect when a container never started leaves none or host.
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
