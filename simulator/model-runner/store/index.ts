/** The model runner's store: model references, their records, and the persistent store of them. */
export { ModelStore, type RemoveOutcome } from './model-store.js';
export { DEFAULT_NAMESPACE, DEFAULT_TAG, MAX_REFERENCE_LENGTH, parseModelReference, referenceFromPath } from './reference.js';
export { modelIdOf, recordFor } from './record.js';
export { inRegistry, REGISTRY_MODES, type RegistryMode } from './registry.js';
export { ModelStoreError, type ModelRecord, type ModelReference, type StoreErrorCode } from './types.js';
