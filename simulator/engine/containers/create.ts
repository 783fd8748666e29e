import { missingConfig, withPackedOnly } from '../images/containerd-presence.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { addressDecodeProblem, endpointProblem, endpointRequest } from './endpoint-settings.js';
import { withNetworkedContainerId } from './networked-container.js';
import { fillMessage } from '../../../common/messages.js';
import { ContainerLayer, EMPTY_IMAGE_CONFIG, makeImage, nowNanos, type Image } from '../objects/index.js';
import { goFields } from '../go-fields.js';
import { networkOf, storedNetworkMode } from './network-settings.js';
import { ipv4ForwardingOf } from '../system/info/forwarding.js';
import { readBody } from '../../http/body.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { applyHostConfig, hasKernelMemory, HOST_CONFIG_FIELDS } from './host-config.js';
import { withCreateDefaults } from './host-config-defaults.js';
import { givenHealthcheck, healthcheckProblem, keptHealthcheck } from './healthcheck.js';
import { generatedName } from './generated-name.js';
import { logConfigProblem, logentriesRemoved } from './log-config.js';
import { answerMissingImage } from '../images/missing-image.js';
import { hostPlatformWarning, platformMismatch } from '../images/platform-lookup.js';
import { parsePlatformSpecifier } from '../images/platform-specifier.js';
import { configTypeProblem, contentTypeProblem, parseJsonBody } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { apiBelow, notImplementedHere, queryOf, releaseBelow, sendJson, sortedMap } from '../replies.js';
import { mountVolumes, planMounts, removeAnonymousVolumes } from './mount-points.js';
import { IMAGE_MOUNT_WARNING, IMAGE_MOUNT_WARNING_UNTIL } from './image-mounts.js';
import { mountConfigProblem, routedMounts, unmodelledMount } from './mount-config.js';
import { populateVolumes, populationProblem, populationUnmodelled } from './volume-population.js';
import { lowerFilesystem } from './container-fs.js';

const MAX_CONFIG_BYTES = 10 * 1024 * 1024;
/** A container name moby takes (with or without its "/"). */
export const CONTAINER_NAME = /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

type Body = Readonly<Record<string, unknown>>;

/** The fields of moby's container.Config, which the create body embeds. */
const CONFIG_FIELDS = [
  'Hostname',
  'Domainname',
  'User',
  'AttachStdin',
  'AttachStdout',
  'AttachStderr',
  'ExposedPorts',
  'Tty',
  'OpenStdin',
  'StdinOnce',
  'Env',
  'Cmd',
  'Healthcheck',
  'ArgsEscaped',
  'Image',
  'Volumes',
  'WorkingDir',
  'Entrypoint',
  'NetworkDisabled',
  'MacAddress',
  'OnBuild',
  'Labels',
  'StopSignal',
  'StopTimeout',
  'Shell',
] as const;

/** The create body's fields (moby CreateRequest: the embedded config, HostConfig, NetworkingConfig), matched as Go's decoder matches them. */
const CREATE_FIELDS: readonly string[] = [...CONFIG_FIELDS, 'HostConfig', 'NetworkingConfig'];

/** Whether a create body has a container config at all: moby's embedded *container.Config stays nil without one of its fields. */
const hasConfig = (body: unknown): boolean => Object.keys(goFields(asObject(body), CONFIG_FIELDS)).length > 0;

let noImageMade: Image | undefined;
/**
 * The image of a container created without one: nothing to inherit, no files (observed: inspect's
 * Image and list's ImageID are ""). Made on first need: its hash would load node:crypto at start.
 */
const noImage = (): Image => (noImageMade ??= { ...makeImage(Buffer.alloc(0), [], EMPTY_IMAGE_CONFIG, 0n), id: '' });
/** Whether a create's image is that one (asked without making it). */
const isNoImage = (image: Image): boolean => image === noImageMade;

const asObject = (value: unknown): Body => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});
const asList = (value: unknown): string[] | null => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : null);

/** Env of the image, with the request's entries replacing those of the same name. */
function mergedEnv(image: Image, given: string[] | null): string[] | null {
  const env = [...(image.config.Env ?? [])];
  for (const entry of given ?? []) {
    const key = entry.split('=')[0];
    const at = env.findIndex((item) => item.split('=')[0] === key);
    if (at >= 0) env[at] = entry;
    else env.push(entry);
  }
  return env.length === 0 ? null : env;
}

/**
 * moby container.Config of a new container: the request's fields over its image's. `macAddress`:
 * the container-wide MacAddress is still the container's (below API 1.44); `health`: the
 * Healthcheck the request gave (healthcheck.ts); `hostMode`: the container is on the host network.
 */
function containerConfig(
  body: Body,
  image: Image,
  id: string,
  macAddress: boolean,
  health: Readonly<Record<string, unknown>> | null,
  hostMode: boolean,
): Record<string, unknown> {
  const healthcheck = keptHealthcheck(health, image);
  const exposed = { ...image.config.ExposedPorts, ...asObject(body['ExposedPorts']) };
  const volumes = { ...image.config.Volumes, ...asObject(body['Volumes']) };
  const str = (key: string, fallback: string): string => (typeof body[key] === 'string' && body[key] !== '' ? (body[key] as string) : fallback);
  const bool = (key: string): boolean => body[key] === true;
  const stopSignal = str('StopSignal', image.config.StopSignal);
  return {
    // moby's newContainer: the machine's hostname on the host network, else the short ID (observed on 20.10.24, 26.1.5 and 29.7.2).
    Hostname: str('Hostname', hostMode ? hostname() : id.slice(0, 12)),
    Domainname: str('Domainname', ''),
    User: str('User', image.config.User),
    AttachStdin: bool('AttachStdin'),
    AttachStdout: bool('AttachStdout'),
    AttachStderr: bool('AttachStderr'),
    ...(Object.keys(exposed).length === 0 ? {} : { ExposedPorts: sortedMap(exposed) }),
    Tty: bool('Tty'),
    OpenStdin: bool('OpenStdin'),
    StdinOnce: bool('StdinOnce'),
    Env: mergedEnv(image, asList(body['Env'])),
    Cmd: asList(body['Cmd']) ?? image.config.Cmd,
    ...(healthcheck === undefined ? {} : { Healthcheck: healthcheck }),
    Image: typeof body['Image'] === 'string' ? body['Image'] : '',
    // {} for a container without an image (observed on 20.10.24, 26.1.5, 28.5.2).
    Volumes: Object.keys(volumes).length === 0 ? (isNoImage(image) ? {} : null) : sortedMap(volumes),
    WorkingDir: str('WorkingDir', image.config.WorkingDir),
    Entrypoint: asList(body['Entrypoint']) ?? image.config.Entrypoint,
    ...(bool('NetworkDisabled') ? { NetworkDisabled: true } : {}),
    ...(macAddress && str('MacAddress', '') !== '' ? { MacAddress: body['MacAddress'] } : {}),
    OnBuild: asList(body['OnBuild']),
    // null for a container without an image and without labels, {} for one of an image without labels (observed on 20.10.24, 26.1.5, 28.5.2).
    Labels: isNoImage(image) && body['Labels'] == null ? null : sortedMap({ ...image.config.Labels, ...(asObject(body['Labels']) as Record<string, string>) }),
    ...(stopSignal === '' ? {} : { StopSignal: stopSignal }),
    ...(typeof body['StopTimeout'] === 'number' ? { StopTimeout: body['StopTimeout'] } : {}),
  };
}

/** POST /containers/create: a container of an image the simulator has, or of none when the request gives a command. */
/**
 * Whether a create warns that IPv4 forwarding is off: on every network but host and none, a
 * container joining another's included (observed on 20.10.24, 26.1.5, 28.5.2 with the sysctl at
 * 0); 20.10 (`old`) checks only a body that has a HostConfig at all.
 */
export function forwardingWarned(forwarding: boolean, mode: unknown, hasHostConfig: boolean, old: boolean): boolean {
  return !forwarding && mode !== 'host' && mode !== 'none' && (hasHostConfig || !old);
}

/** From this API version a create reads a `platform`. */
const PLATFORM_API_FROM = '1.41';

/** The smallest kernel memory limit the daemon takes: 6 MiB. */
const MIN_KERNEL_MEMORY = 6 * 1024 * 1024;

export const containerCreateRoute: Route = {
  method: 'POST',
  path: '/containers/create',
  where: 'simulator/engine/containers/create.ts: POST /containers/create',
  rules: ['deprecated.kernel-memory', 'deprecated.network.dns-names'],
  async handle(x) {
    // moby's order: the content type, the body's JSON, a config at all; then the name and the image.
    let parsed: unknown;
    try {
      const raw = await readBody(x.req, MAX_CONFIG_BYTES);
      const typeProblem = contentTypeProblem(x);
      if (typeProblem !== null) return handlerError(x, 400, typeProblem);
      const text = raw.toString('utf8');
      // From 29.0 runconfig's loadJSON wraps the decoder's own io.EOF (observed on 29.7.2).
      if (text.trim() === '')
        return releaseBelow(x, '23.0')
          ? handlerError(x, 500, ENGINE_MESSAGES.bodyEofOld)
          : handlerError(x, 400, releaseBelow(x, '29.0') ? ENGINE_MESSAGES.bodyEof : ENGINE_MESSAGES.bodyEofDecoder);
      const json = parseJsonBody(x, text, configTypeProblem);
      if (!json.ok) return handlerError(x, json.status, json.message);
      parsed = json.value;
    } catch (error) {
      return handlerError(x, 400, error instanceof Error ? error.message : String(error));
    }
    const undecodable = addressDecodeProblem(x, asObject(asObject(asObject(parsed)['NetworkingConfig'])['EndpointsConfig']));
    if (undecodable !== null) return handlerError(x, 400, undecodable);
    if (!hasConfig(parsed)) return handlerError(x, 400, releaseBelow(x, '23.0') ? ENGINE_MESSAGES.emptyConfigOld : ENGINE_MESSAGES.emptyConfig);
    // From API 1.41 the router parses a `platform` next (containerd's grammar of the release).
    const platformText = apiBelow(x, PLATFORM_API_FROM) ? '' : (queryOf(x).get('platform') ?? '');
    const platform = platformText === '' ? null : parsePlatformSpecifier(platformText, x.state.config.release.release);
    if (platform !== null && 'error' in platform) return handlerError(x, 400, platform.error);
    const body = goFields(asObject(parsed), CREATE_FIELDS);
    const decoded = goFields(asObject(body['HostConfig']), HOST_CONFIG_FIELDS);
    // What ctrd-sim does not read of the mounts answers 501 before anything is looked up or made.
    const unmodelled = unmodelledMount(decoded['Mounts']);
    if (unmodelled !== null) return notImplementedHere(x, `/containers/create with ${unmodelled}`);
    const routed = Array.isArray(decoded['Mounts']) ? routedMounts(x, decoded['Mounts'] as Record<string, unknown>[]) : null;
    if (routed !== null && 'status' in routed) return handlerError(x, routed.status, routed.message);
    const given = routed === null ? decoded : { ...decoded, Mounts: routed.mounts };
    if (logentriesRemoved(x, given)) return handlerError(x, 400, ENGINE_MESSAGES.logentriesRemoved);
    // moby's verifyContainerSettings comes before the image: the health check, then the host's limits (observed).
    const health = givenHealthcheck(x, body['Healthcheck']);
    const healthProblem = healthcheckProblem(health);
    if (healthProblem !== null) return handlerError(x, 400, healthProblem);
    // Then validateHostConfig's reading of each mount.
    const mountProblem = routed === null ? null : mountConfigProblem(x, routed.mounts);
    if (mountProblem !== null && 'unmodelled' in mountProblem) return notImplementedHere(x, `/containers/create with ${mountProblem.unmodelled}`);
    if (mountProblem !== null) return handlerError(x, mountProblem.status, mountProblem.message);
    const hostConfig: Record<string, unknown> = withCreateDefaults(
      x,
      { ...applyHostConfig(x, {}, given), NetworkMode: storedNetworkMode(x, given['NetworkMode']) },
      body['HostConfig'] != null,
    );
    // Observed on 20.10.24 and 28.5.2 wherever the limit is still taken (below API 1.42).
    const kernel = hostConfig['KernelMemory'];
    if (typeof kernel === 'number' && kernel > 0 && kernel < MIN_KERNEL_MEMORY) return handlerError(x, 400, ENGINE_MESSAGES.kernelMemoryTooSmall);
    const { objects } = x.state;
    const asked = planMounts(x, asObject(body), hostConfig, routed?.mounts ?? []);
    if ('unmodelled' in asked) return notImplementedHere(x, `/containers/create with ${asked.unmodelled}`);
    const imageRef = typeof body['Image'] === 'string' ? body['Image'] : '';
    const noCommand = releaseBelow(x, '23.0') ? ENGINE_MESSAGES.noCommandOld : ENGINE_MESSAGES.noCommand;
    // Without an image there is no command to inherit: moby refuses before any lookup (observed).
    if (imageRef === '' && (asList(body['Cmd']) ?? []).length === 0 && (asList(body['Entrypoint']) ?? []).length === 0) return handlerError(x, 400, noCommand);
    // Without an image but with a command the daemon creates the container (observed on 20.10.24, 26.1.5, 28.5.2).
    const image = imageRef === '' ? noImage() : objects.findImage(imageRef);
    if (image === undefined) return answerMissingImage(x, imageRef, false);
    const mismatch = platform === null || imageRef === '' ? null : platformMismatch(x, image, imageRef, platform.platform, 'strict');
    if (mismatch !== null) return handlerError(x, 404, mismatch);
    const unreadable = missingConfig(image);
    if (unreadable !== null) return handlerError(x, unreadable.status, unreadable.message);
    // moby's validateNetworkingConfig (verifyNetworkingConfig on 20.10) comes before daemon.create, which merges the image's command, checks the log configuration and reserves the name.
    const network = networkOf(given['NetworkMode']);
    const endpoints = asObject(goFields(asObject(body['NetworkingConfig']), ['EndpointsConfig'])['EndpointsConfig']);
    const endpoint = network === null ? {} : goFields(asObject(endpoints[network]), ['Aliases', 'IPAMConfig', 'DriverOpts']);
    const aliases = asList(endpoint['Aliases']);
    const settings = endpointRequest(x, endpoint, aliases);
    const refused = network === null ? null : endpointProblem(x, network, settings);
    if (refused !== null) return handlerError(x, 400, refused);
    const id = randomBytes(32).toString('hex');
    // From API 1.44 the container-wide MacAddress belongs to the endpoint, with a warning (26.1.5, 28.5.2; observed).
    const macMoved = !apiBelow(x, '1.44') && typeof body['MacAddress'] === 'string' && body['MacAddress'] !== '';
    const config = containerConfig(body, image, id, !macMoved, health, hostConfig['NetworkMode'] === 'host');
    // The image's volumes too, now that its config is merged.
    const plan = planMounts(x, config, hostConfig, routed?.mounts ?? []);
    if ('unmodelled' in plan) return notImplementedHere(x, `/containers/create with ${plan.unmodelled}`);
    // Only a create with volumes looks at what its container will see (the image's whole tree).
    const withVolumes = plan.points.some((point) => point.type === 'volume');
    const lower = withVolumes ? lowerFilesystem({ image, created: nowNanos() }) : null;
    const overFile = lower === null ? null : (populationProblem(lower, plan.points) ?? populationUnmodelled(x, lower, plan.points));
    if (overFile !== null) return notImplementedHere(x, `/containers/create with ${overFile}`);
    // moby looks the image up, merges its config (a command at all) and checks the log configuration before it reserves the name (observed).
    if ([...((config['Entrypoint'] ?? []) as string[]), ...((config['Cmd'] ?? []) as string[])].length === 0) return handlerError(x, 400, noCommand);
    const log = hostConfig['LogConfig'] as { readonly Type: string; readonly Config: Readonly<Record<string, unknown>> };
    const logProblem = logConfigProblem(x, log.Type, log.Config);
    if (logProblem !== null) return handlerError(x, 400, logProblem);
    const requested = queryOf(x).get('name') ?? '';
    if (requested !== '' && !CONTAINER_NAME.test(requested)) return handlerError(x, 400, fillMessage(ENGINE_MESSAGES.invalidName, { name: requested }));
    const name = requested.replace(/^\//, '');
    const taken = name === '' ? undefined : objects.allContainers().find((container) => container.name === name);
    if (taken !== undefined) return handlerError(x, 409, fillMessage(ENGINE_MESSAGES.nameInUse, { name, id: taken.id }));
    // 26.1.5 and 28.5.2 refuse a container-wide MacAddress on the network none below API 1.44 (observed; 20.10.24 takes it).
    const mac = typeof body['MacAddress'] === 'string' && body['MacAddress'] !== '';
    if (mac && apiBelow(x, '1.44') && !releaseBelow(x, '25.0')) return handlerError(x, 400, ENGINE_MESSAGES.macAddressConflict);
    const nameTaken = (candidate: string): boolean => objects.allContainers().some((other) => other.name === candidate);
    const containerName = name === '' ? generatedName(id, nameTaken) : name;
    // registerMountPoints, once the name is reserved: a refusal leaves the volumes made before it, and
    // the cleanup of the container made so far logs its destroy (observed on 20.10.24, 28.5.2 and 29.7.2).
    if (plan.refusal !== null) {
      mountVolumes(x, plan);
      objects.containerEvent({ id, name: containerName, imageRef, config }, 'destroy');
      return handlerError(x, plan.refusal.status, plan.refusal.message);
    }
    // containerd's store unpacks the image a container is made from (PrepareSnapshot); its snapshots stay with it.
    const unpacked = withPackedOnly(image, false);
    if (unpacked !== image) objects.addImage(unpacked);
    const container = {
      id,
      name: containerName,
      image: unpacked,
      imageRef,
      created: nowNanos(),
      config,
      hostConfig: withNetworkedContainerId(objects, hostConfig),
      state: 'created' as const,
      mounts: mountVolumes(x, plan),
      paused: false,
      startedAt: null,
      finishedAt: null,
      exitCode: 0,
      sandboxId: null,
      layer: new ContainerLayer(),
      networks: new Map(
        network === null
          ? []
          : [
              [
                network,
                {
                  aliases: settings.aliases,
                  links: null,
                  ipam: settings.ipam,
                  driverOpts: settings.driverOpts,
                  dnsNames: null,
                  networkId: null,
                  endpointId: null,
                },
              ],
            ],
      ),
    };
    objects.addContainer(container);
    // The volumes are filled from what the container sees before it is named in the event.
    const unpopulated = withVolumes ? populateVolumes(x, lowerFilesystem(container), container.mounts) : null;
    if (unpopulated !== null) {
      // moby's cleanup of a create that failed: the container removed with its anonymous volumes.
      objects.removeContainer(container);
      removeAnonymousVolumes(x, container);
      objects.containerEvent(container, 'destroy');
      return handlerError(x, unpopulated.status, unpopulated.message);
    }
    objects.containerEvent(container, 'create');
    // validateHostConfig warns of each image mount first (28.0 to 29.6).
    const imageMounts = (container.mounts ?? []).filter((point) => point.type === 'image').length;
    const warnings = [
      ...(releaseBelow(x, IMAGE_MOUNT_WARNING_UNTIL) ? Array<string>(imageMounts).fill(IMAGE_MOUNT_WARNING) : []),
      ...(releaseBelow(x, '23.0') && hasKernelMemory(hostConfig) ? [ENGINE_MESSAGES.kernelMemoryWarning] : []),
      ...(forwardingWarned(ipv4ForwardingOf(x), given['NetworkMode'], body['HostConfig'] != null, releaseBelow(x, '23.0'))
        ? [ENGINE_MESSAGES.forwardingOff]
        : []),
      ...(platform === null && imageRef !== '' ? [hostPlatformWarning(x, image)].filter((warning) => warning !== null) : []),
      ...(macMoved ? [ENGINE_MESSAGES.macAddressMoved] : []),
    ];
    sendJson(x, 201, { Id: id, Warnings: warnings });
  },
};
