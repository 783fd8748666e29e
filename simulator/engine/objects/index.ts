export { ObjectStore, type Container, type ContainerEndpoint, type EndpointAddresses } from './store.js';
export { ContainerLayer } from './container-layer.js';
export {
  canonical,
  chainIdsOf,
  configDocumentOf,
  diffIdsOf,
  digestOf,
  diskSize,
  historyDocument,
  layersOf,
  makeImage,
  makeImageWithOrigin,
  platformOf,
  type HistoryEntry,
  type Image,
  type ImageOrigin,
} from './images.js';
export {
  EMPTY_IMAGE_CONFIG,
  InvalidChange,
  NONSTANDARD_KEYS,
  applyChange,
  asReadFromOciDocument,
  readConfigDocument,
  type ImageConfig,
} from './image-config.js';
export { HOST_PLATFORM, inspectPlatformFields, ociPlatformFields, type ImagePlatform } from './image-platform.js';
export type { DaemonEvent } from './events.js';
export { GO_ZERO_TIME_TEXT, goRfc3339Local, newestFirst, nowNanos, parseTimestamp, rfc3339, rfc3339Nano, unixSeconds } from './clock.js';
export {
  cleanPath,
  distinctInodes,
  entryOfRecord,
  newInode,
  ownerOf,
  packTar,
  rdevOf,
  readTar,
  META_FLAGS,
  numberField,
  readTarRecords,
  withTypeBitsInModes,
  type FsEntry,
  type FsEntryType,
  type TarRecord,
} from './tar-entries.js';
export type { PathStat } from './filesystem.js';
export { isWhiteout, OPAQUE_MARKER, overlaid, WHITEOUT_PREFIX, whiteoutAt } from './overlay.js';
export { familiarRepo, familiarRepoTag, hasDomain, normalizedName, referenceMatches, remoteName, splitReference } from './references.js';
export type { Volume, VolumeMounted, VolumeMountState, VolumeStore } from './volumes.js';
export {
  archivedContent,
  compressLayer,
  chainSnapshots,
  layerSnapshotsUsage,
  containerInitUsage,
  containerdContent,
  isGzip,
  loadedContent,
  nameAnnotations,
  ociConfigDocument,
  OCI_MANIFEST,
  snapshotUsage,
  type ContainerdContent,
  storedLayer,
  type BlobDescriptor,
  type StoredLayer,
} from './containerd-content.js';
