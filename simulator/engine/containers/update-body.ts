import { jsonTypeWord } from '../../config/file/go-values.js';
import { goFieldOf, isJsonObject } from '../go-fields.js';
import type { UpdateVariant } from './update-variant.js';

/** The Go types of moby container.Resources' scalar fields (the lists are taken as they come). */
type ScalarType = 'int64' | 'uint16' | 'uint64' | 'string' | 'bool';

const RESOURCE_SCALARS: Readonly<Record<string, ScalarType>> = {
  CpuShares: 'int64',
  Memory: 'int64',
  NanoCpus: 'int64',
  CgroupParent: 'string',
  BlkioWeight: 'uint16',
  CpuPeriod: 'int64',
  CpuQuota: 'int64',
  CpuRealtimePeriod: 'int64',
  CpuRealtimeRuntime: 'int64',
  CpusetCpus: 'string',
  CpusetMems: 'string',
  KernelMemory: 'int64',
  KernelMemoryTCP: 'int64',
  MemoryReservation: 'int64',
  MemorySwap: 'int64',
  MemorySwappiness: 'int64',
  OomKillDisable: 'bool',
  PidsLimit: 'int64',
  CpuCount: 'int64',
  CpuPercent: 'int64',
  IOMaximumIOps: 'uint64',
  IOMaximumBandwidth: 'uint64',
};

/** The block I/O device lists, which 29.x updates from API 1.55. */
export const BLKIO_DEVICE_LISTS = ['BlkioWeightDevice', 'BlkioDeviceReadBps', 'BlkioDeviceWriteBps', 'BlkioDeviceReadIOps', 'BlkioDeviceWriteIOps'] as const;

const RESOURCE_LISTS = [...BLKIO_DEVICE_LISTS, 'Devices', 'DeviceCgroupRules', 'DeviceRequests', 'Ulimits'];

const KERNEL_MEMORY = ['KernelMemory', 'KernelMemoryTCP'];

/** The resource fields the release's UpdateConfig has. */
const resourceFields = (variant: UpdateVariant): string[] =>
  [...Object.keys(RESOURCE_SCALARS), ...RESOURCE_LISTS].filter((field) => variant.kernelMemoryField || !KERNEL_MEMORY.includes(field));

const LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  int64: [-(2 ** 63), 2 ** 63 - 1],
  int: [-(2 ** 63), 2 ** 63 - 1],
  uint16: [0, 65_535],
  uint64: [0, 2 ** 64 - 1],
};

/** Go's words for `item` that a field of `goType` cannot hold, or null: a wrong kind by its kind, a number out of range or not whole by its literal. */
function scalarProblem(item: unknown, goType: string): string | null {
  if (item === null) return null;
  const limits = LIMITS[goType];
  if (limits !== undefined) {
    if (typeof item !== 'number') return jsonTypeWord(item);
    return Number.isInteger(item) && item >= limits[0] && item <= limits[1] ? null : `number ${String(item)}`;
  }
  if (goType === 'bool') return typeof item === 'boolean' ? null : jsonTypeWord(item);
  return typeof item === 'string' ? null : jsonTypeWord(item);
}

const typeError = (what: string, path: string, goType: string): string => `json: cannot unmarshal ${what} into Go struct field ${path} of type ${goType}`;

/**
 * Go's first unmarshal type error for an update body decoded into the release's
 * container.UpdateConfig, in the document's order, or null. Keys match fields as Go matches them
 * (case folding); unknown keys and nulls decode. The lists of Resources are not checked.
 */
export function updateBodyProblem(value: unknown, variant: UpdateVariant): string | null {
  if (value === null || value === undefined) return null;
  if (!isJsonObject(value)) return `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type container.UpdateConfig`;
  const fields = [...resourceFields(variant), 'RestartPolicy'];
  for (const [key, item] of Object.entries(value)) {
    const field = goFieldOf(key, fields);
    if (field === undefined || item === null) continue;
    const named = variant.keySpelling ? key : field;
    if (field === 'RestartPolicy') {
      if (!isJsonObject(item)) return typeError(jsonTypeWord(item), `UpdateConfig.${named}`, 'container.RestartPolicy');
      const inner = restartPolicyProblem(item, variant);
      if (inner !== null) return inner;
      continue;
    }
    const goType = RESOURCE_SCALARS[field];
    const what = goType === undefined ? null : scalarProblem(item, goType);
    if (what !== null) return typeError(what, `${variant.resourcePath}.${named}`, goType!);
  }
  return null;
}

function restartPolicyProblem(policy: Readonly<Record<string, unknown>>, variant: UpdateVariant): string | null {
  for (const [key, item] of Object.entries(policy)) {
    const field = goFieldOf(key, ['Name', 'MaximumRetryCount']);
    if (field === undefined) continue;
    const named = `${variant.restartPolicyPath}.${variant.keySpelling ? key : field}`;
    const goType = field === 'Name' ? 'string' : 'int';
    const what = scalarProblem(item, goType);
    if (what !== null) return typeError(what, named, field === 'Name' ? variant.restartNameType : 'int');
  }
  return null;
}

/** An update as moby's router hands it on: the resources (Go's zero where not given, pointers null) and the restart policy. */
export interface UpdateRequest {
  readonly resources: Record<string, unknown>;
  readonly restartPolicy: { readonly Name: string; readonly MaximumRetryCount: number };
}

const POINTERS = ['MemorySwappiness', 'OomKillDisable', 'PidsLimit'];

/** The decoded update (a body that passed updateBodyProblem; nothing, or null, is an update of nothing). */
export function updateRequestOf(value: unknown, variant: UpdateVariant): UpdateRequest {
  const body = isJsonObject(value) ? value : {};
  const resources: Record<string, unknown> = {};
  const names = resourceFields(variant);
  let policy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(body)) {
    const field = goFieldOf(key, [...names, 'RestartPolicy']);
    // A null leaves a Go value as it was.
    if (field === undefined || item === null) continue;
    if (field === 'RestartPolicy') {
      for (const [inner, member] of Object.entries(item as Record<string, unknown>)) {
        const name = goFieldOf(inner, ['Name', 'MaximumRetryCount']);
        if (name !== undefined && member !== null) policy = { ...policy, [name]: member };
      }
    } else resources[field] = item;
  }
  for (const field of Object.keys(RESOURCE_SCALARS)) {
    if (!names.includes(field) || resources[field] !== undefined) continue;
    resources[field] = POINTERS.includes(field) ? null : RESOURCE_SCALARS[field] === 'string' ? '' : 0;
  }
  return {
    resources,
    restartPolicy: {
      Name: typeof policy['Name'] === 'string' ? policy['Name'] : '',
      MaximumRetryCount: typeof policy['MaximumRetryCount'] === 'number' ? policy['MaximumRetryCount'] : 0,
    },
  };
}
