import type { Exchange } from '../../http/exchange.js';
import { goFields, isJsonObject } from '../go-fields.js';
import { HOST_CONFIG_LAYOUT, hostConfigLayout, OMITTED, WINDOWS_RESOURCES } from './host-config-defaults.js';
import { apiBelow, releaseBelow, sortedMap } from '../replies.js';
import { hostConfigVariant } from './host-config-variant.js';

/** moby container.HostConfig's fields, in its order: a create or a legacy start body sets these and no others (not Windows' resources). */
export const HOST_CONFIG_FIELDS: readonly string[] = HOST_CONFIG_LAYOUT.map(([field]) => field).filter((field) => !WINDOWS_RESOURCES.includes(field));

const KERNEL_MEMORY = ['KernelMemory', 'KernelMemoryTCP'] as const;

/**
 * `stored` with the HostConfig fields of `body` applied, as a request at the exchange's API
 * version sets them: from 1.42 the kernel memory limits are dropped (moby: "ignored").
 */
export function applyHostConfig(x: Exchange, stored: Readonly<Record<string, unknown>>, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...stored, ...goFields(body, HOST_CONFIG_FIELDS) };
  next['LogConfig'] = logConfig(x, next['LogConfig']);
  if (Array.isArray(next['Mounts'])) next['Mounts'] = next['Mounts'].map(goMount);
  const variant = hostConfigVariant(x.state.config);
  if ((!apiBelow(x, '1.42') && variant.kernelMemoryDroppedFrom142) || variant.kernelMemoryDroppedEverywhere)
    for (const field of KERNEL_MEMORY) delete next[field];
  return next;
}

/** mount.Mount's fields in Go's order; inspect leaves the empty ones out (omitempty). */
const MOUNT_FIELD_ORDER = [
  'Type',
  'Source',
  'Target',
  'ReadOnly',
  'Consistency',
  'BindOptions',
  'VolumeOptions',
  'ImageOptions',
  'TmpfsOptions',
  'ClusterOptions',
];

/** The fields of a mount's options in Go's order (mount.BindOptions, VolumeOptions, ImageOptions, TmpfsOptions). */
const OPTION_FIELD_ORDER: Readonly<Record<string, readonly string[]>> = {
  BindOptions: ['Propagation', 'NonRecursive', 'CreateMountpoint', 'ReadOnlyNonRecursive', 'ReadOnlyForceRecursive'],
  VolumeOptions: ['NoCopy', 'Labels', 'Subpath', 'DriverConfig'],
  ImageOptions: ['Subpath'],
  TmpfsOptions: ['SizeBytes', 'Mode', 'Options'],
};

/** A struct as Go writes it: `order`'s fields, the empty ones left out (omitempty). */
function goOmitEmpty(fields: Readonly<Record<string, unknown>>, order: readonly string[]): Record<string, unknown> {
  const empty = (value: unknown): boolean =>
    value === undefined || value === null || value === '' || value === false || value === 0 || (Array.isArray(value) && value.length === 0);
  const kept = order.filter((key) => !empty(fields[key]));
  return Object.fromEntries(kept.map((key) => [key, fields[key]]));
}

/** A Mounts entry as the daemon keeps and writes it: its fields and its options' in Go's order, the empty ones left out. */
function goMount(given: unknown): unknown {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return given;
  const mount = goOmitEmpty(given as Record<string, unknown>, MOUNT_FIELD_ORDER);
  for (const [field, order] of Object.entries(OPTION_FIELD_ORDER)) {
    const options = mount[field];
    if (options !== null && typeof options === 'object' && !Array.isArray(options)) mount[field] = goOmitEmpty(options as Record<string, unknown>, order);
  }
  // The maps among them (a volume's labels, its driver's options) are written as Go writes a map: keys sorted.
  // An empty map is left out (omitempty).
  const volume = mount['VolumeOptions'] as Record<string, unknown> | undefined;
  if (isJsonObject(volume?.['Labels'])) volume['Labels'] = Object.keys(volume['Labels']).length === 0 ? undefined : sortedMap(volume['Labels']);
  const driver = volume?.['DriverConfig'];
  if (isJsonObject(driver)) {
    const options = isJsonObject(driver['Options']) && Object.keys(driver['Options']).length > 0 ? sortedMap(driver['Options']) : undefined;
    volume!['DriverConfig'] = goOmitEmpty({ ...driver, Options: options }, ['Name', 'Options']);
  }
  return mount;
}

/**
 * The log configuration a container keeps (moby mergeAndVerifyLogConfig): no type is the daemon's
 * log driver, and that driver's daemon log-opts fill the options not given (observed on 20.10.24,
 * 26.1.5, 28.5.2). The Python SDK reads LogConfig.Type before it attaches to a container's logs.
 */
function logConfig(x: Exchange, given: unknown): Record<string, unknown> {
  const { logDriver, logOpts } = x.state.config.settings;
  const asked = given !== null && typeof given === 'object' ? (given as Record<string, unknown>) : {};
  const type = typeof asked['Type'] === 'string' && asked['Type'] !== '' ? asked['Type'] : logDriver;
  const options = asked['Config'] !== null && typeof asked['Config'] === 'object' ? (asked['Config'] as Record<string, unknown>) : {};
  // A Go map: written with its keys sorted (observed on 28.5.2).
  return { Type: type, Config: sortedMap(type === logDriver ? { ...logOpts, ...options } : { ...options }) };
}

/**
 * HostConfig as inspect writes it: every field in the release's order, Go's zero value where
 * nothing set it, the `omitempty` ones only when set; before 23.0 the kernel memory limits always
 * (0 when unset), later only when non-zero.
 */
export function shapeHostConfig(x: Exchange, stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const always = releaseBelow(x, '23.0');
  const shaped: Record<string, unknown> = {};
  for (const [field, zero] of hostConfigLayout(x)) {
    const value = stored[field];
    if ((KERNEL_MEMORY as readonly string[]).includes(field)) {
      const limit = typeof value === 'number' ? value : 0;
      if (always || limit !== 0) shaped[field] = limit;
    } else if (value !== undefined) shaped[field] = value;
    else if (zero !== OMITTED) shaped[field] = zero;
  }
  return shaped;
}

/** Whether a kernel memory limit was kept (20.10 warns about it at create). */
export const hasKernelMemory = (hostConfig: Readonly<Record<string, unknown>>): boolean =>
  typeof hostConfig['KernelMemory'] === 'number' && hostConfig['KernelMemory'] > 0;
