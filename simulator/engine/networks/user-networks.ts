import type { ObjectStore } from '../objects/index.js';
import { builtinNetworks, type SimNetwork, type UserNetwork } from './builtin.js';

const made = new WeakMap<ObjectStore, UserNetwork[]>();

/** The networks creates made in this store, oldest first. */
export function userNetworks(objects: ObjectStore): UserNetwork[] {
  let networks = made.get(objects);
  if (networks === undefined) {
    networks = [];
    made.set(objects, networks);
  }
  return networks;
}

/**
 * Every network of the store: the built-in ones, then the created ones in creation order. 20.10
 * lists them in Go's map order (it changes between lists); 26.1 and 28.5 as here (observed).
 */
export const allNetworks = (objects: ObjectStore): readonly SimNetwork[] => [...builtinNetworks(objects), ...userNetworks(objects)];

export function removeUserNetwork(objects: ObjectStore, network: SimNetwork): void {
  const networks = userNetworks(objects);
  const at = networks.findIndex((candidate) => candidate.id === network.id);
  if (at >= 0) networks.splice(at, 1);
}
