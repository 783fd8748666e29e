/** GET /info of the simulator: the daemon's effective configuration and host, shaped per release and API version. */
export { infoRoute } from './route.js';
export { shapeInfo, sortedDeep } from './shape.js';
export { infoValues, type InfoInputs } from './document.js';
export { infoStyleOf, infoStyleNameOf, type ResolvedInfoStyle } from './style.js';
export { loadDaemonId, trustKeyId } from './daemon-id.js';
export { readHostFacts, type HostFacts, type HostSources } from './host-facts.js';
