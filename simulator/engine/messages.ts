/**
 * The engine's words for the image, container and events endpoints (moby daemon, observed on
 * 20.10.24, 26.1.5 and 28.5.2 where the brief of each says so). `{…}` are filled by fillMessage.
 */
/** The release that names the streams a logs request lacks (400 for services and tasks too) and spells "path cannot be empty". */
export const NAMED_STREAMS_FROM = '29.7';

export const ENGINE_MESSAGES = {
  /** `{name}`: the reference as moby normalises it (images/missing-image.ts). */
  noSuchImage: 'No such image: {name}',
  /** 20.10's image inspect wraps the reference error (with the name as given) around it. */
  noSuchImageOld: 'no such image: {given}: No such image: {name}',
  badImageNameOld: 'no such image: {given}: {problem}',
  invalidTag: 'invalid tag format',
  blankImageName: 'image name cannot be blank',
  uppercaseRepository: 'invalid reference format: repository name must be lowercase',
  /** From 23.0 the error names the repository's remote name (`library/NAME`). */
  uppercaseRepositoryNamed: 'invalid reference format: repository name ({remote}) must be lowercase',
  noSuchContainer: 'No such container: {name}',
  nameInUse:
    'Conflict. The container name "/{name}" is already in use by container "{id}". You have to remove (or rename) that container to be able to reuse that name.',
  invalidName: 'Invalid container name ({name}), only [a-zA-Z0-9][a-zA-Z0-9_.-] are allowed',
  /** Container and service logs asked for neither stdout nor stderr. */
  noStream: 'Bad parameters: you must choose at least one stream',
  /** The same from 29.7 (observed on 29.7.2; 29.0 to 29.6 not observed), answered 400 for services and tasks too. */
  noStreamNamed: "must specify at least one of 'stdout' or 'stderr'",
  /** POST /containers/{name}/rename: no name, its own name, and the prefix of a name it cannot take. */
  renameEmpty: 'Neither old nor new names may be empty',
  renameSame: 'Renaming a container with the same name as its current name',
  allocatingName: 'Error when allocating new name: ',
  /** The simulator's own limit (it keeps layers in memory); the daemon has none. */
  layerTooLarge: 'ctrd-sim takes layers of at most {limit} bytes, packed or unpacked',
  badTar: 'archive/tar: invalid tar header',
  badTarOld: 'Error processing tar file(exit status 1): archive/tar: invalid tar header',
  /** moby image.CheckOS: an import for another OS than the daemon's, in the graph drivers' store. */
  unsupportedOs: 'operating system is not supported',
  /** 25.0 to 27.x (observed on 26.1.5; 28.5.2 looks the driver up as any other), a create's first check. */
  logentriesRemoved: 'the logentries logging driver has been deprecated and removed',
  noCommand: 'no command specified',
  noCommandOld: 'No command specified',
  manifestsAndPlatform: 'conflicting options: manifests and platform options cannot both be set',
  /** A create's warning when IPv4 forwarding is off (every observed release). */
  forwardingOff: 'IPv4 forwarding is disabled. Networking will not work.',
  kernelMemoryTooSmall: 'Minimum kernel memory limit allowed is 6MB',
  kernelMemoryWarning: 'Specifying a kernel memory limit is deprecated and will be removed in a future release.',
  macAddressMoved: 'The container-wide MacAddress field is now deprecated. It should be specified in EndpointsConfig instead.',
  macAddressConflict: 'conflicting options: mac-address and the network mode',
  startBody: 'starting container with non-empty request body was deprecated since API v1.22 and removed in v1.24',
  /** A kill of a container that is not running: 20.10's words, then 23.0's (observed on 26.1.5 and 28.5.2). */
  notRunningOld: 'Cannot kill container: {name}: Container {id} is not running',
  notRunning: 'cannot kill container: {name}: container {id} is not running',
  /** A remove of a running (or paused) container without force: 20.10's words, 26.1's (the container's name), 28.5's (the name as the request gave it). */
  removeRunningOld: 'You cannot remove a running container {id}. Stop the container before attempting removal or force remove',
  removePausedOld: 'You cannot remove a paused container {id}. Unpause and then stop the container before attempting removal or force remove',
  removeRunning: 'cannot remove container "{name}": container is running: stop the container before removing or force remove',
  removePaused: 'cannot remove container "{name}": container is paused and must be unpaused first',
  /** Pause, unpause and resize of a container that is not running (observed on 20.10.24, 26.1.5 and 28.5.2: lower-case from 23.0). */
  pauseNotRunningOld: 'Container {id} is not running',
  pauseNotRunning: 'container {id} is not running',
  /** A pause of a paused container: lower-case from 29.0 (moby docker-v29.0.0's pause.go; observed on 29.7.2). */
  alreadyPausedOld: 'Container {id} is already paused',
  alreadyPaused: 'container {id} is already paused',
  notPaused: 'Container {id} is not paused',
  startPaused: 'cannot start a paused container, try unpause instead',
  imageInUse: 'conflict: unable to delete {image} (must be forced) - image is being used by stopped container {container}',
  imageHasChildren: 'conflict: unable to delete {image} (cannot be forced) - image has dependent child images',
  imageMultipleRepositories: 'conflict: unable to delete {image} (must be forced) - image is referenced in multiple repositories',
  referenceInUse: 'conflict: unable to remove repository reference "{reference}" (must force) - container {container} is using its referenced image {image}',
  /** containerd's store (moby docker-v29.7.2 daemon/containerd/image_delete.go). */
  referenceInUseContainerd: 'conflict: unable to delete {reference} (must be forced) - container {container} is using its referenced image {image}',
  imageInUseRunning: 'conflict: unable to delete {image} (cannot be forced) - image is being used by running container {container}',
  fileNotFound: 'Could not find the file {path} in container {name}',
  notExtractionDir: 'extraction point is not a directory',
  rootfsReadOnly: 'container rootfs is marked read-only',
  volumeReadOnly: 'mounted volume is marked read-only',
  pathEmpty: 'Path cannot be empty',
  /** GET and HEAD /containers/{name}/archive without `path` (sic: moby joins the words without a space). */
  archivePathEmpty: 'bad parameter: pathcannot be empty',
  /** The same from 29.7, with the space (observed on 29.7.2; 29.0 to 29.6 not observed). */
  archivePathEmptySpaced: 'bad parameter: path cannot be empty',
  missingRepo: 'repository name must have at least one component',
  /** A body sent without `Content-Type: application/json` (moby httputils.CheckForJSON); 20.10's words, then 23.0's. */
  contentTypeOld: "Content-Type specified ({type}) must be 'application/json'",
  contentTypeUnsupported: "unsupported Content-Type header ({type}): must be 'application/json'",
  contentTypeMalformed: 'malformed Content-Type header ({type}): {error}',
  /** POST /containers/create without a body: 20.10 answers 500 with Go's io.EOF, 23.0 a 400. */
  bodyEofOld: 'EOF',
  bodyEof: 'invalid JSON: got EOF while reading request body',
  bodyEofDecoder: 'invalid JSON: EOF',
  /** 20.10's routes that decode a body themselves (swarm specs, plugin settings): nothing to decode, 400. */
  bodyEofBare: 'got EOF while reading request body',
  /** From 23.0: a JSON body followed by more than spaces, `]` or `}` (moby httputils.ReadJSON). */
  contentAfterJson: 'unexpected content after JSON',
  emptyConfigOld: 'Config cannot be empty in order to create a container',
  emptyConfig: 'config cannot be empty in order to create a container',
  invalidNameOrId: 'invalid name or ID supplied: "{name}"',
  killFailedOld: 'Cannot kill container: {name}: {reason}',
  killFailed: 'cannot kill container: {name}: {reason}',
  invalidSignalOld: 'Invalid signal: {signal}',
  invalidSignal: 'invalid signal: {signal}',
  unsupportedSignal: 'the linux daemon does not support signal {signal}',
} as const;

/** The first release that writes "user-specified" and "user-defined" with a hyphen (moby docker-v29.2.0, "fix grammar"; observed on 29.7.2). */
export const HYPHENATED_USER_WORDS_FROM = '29.2';
