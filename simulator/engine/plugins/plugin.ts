import { type CapabilityId, capabilityText } from './capability-id.js';
import type { GoPointer, GoStruct, GoValue } from './config-decode.js';
import type { GoField, GoType } from './config-type.js';

/**
 * A plugin moby's manager keeps (v2.Plugin): its config as decoded, its settings, the rootfs
 * blob it holds in the content store. The simulator runs none, so a plugin is never enabled.
 */
export interface Plugin {
  readonly id: string;
  /** Familiar and tagged: `x:latest`. */
  readonly name: string;
  /** The config's Go type in the release (config-type.ts): how its JSON is written. */
  readonly type: GoType;
  readonly config: GoStruct;
  readonly settings: PluginSettings;
  /** The digest of its rootfs blob in the plugin content store. */
  readonly rootfsDigest: string;
}

/**
 * What `set` changes (PluginObj.Settings): the mounts and devices are copies of the config's
 * structs holding the same Source and Path pointers, so setting one shows in both.
 */
export interface PluginSettings {
  args: string[];
  env: string[];
  readonly devices: readonly GoStruct[];
  readonly mounts: readonly GoStruct[];
}

/** A struct's field's type. */
export function fieldType(type: GoType, name: string): GoType {
  if (type.kind !== 'struct') throw new TypeError(`no field ${name} in a ${type.kind}`);
  return type.fields.find((field) => field.name === name)!.type;
}

/** The element type of a slice field. */
const elementOf = (type: GoType): GoType => (type.kind === 'slice' ? type.elem : type);

/** A string behind a pointer, or null. */
export const pointed = (value: GoValue): string | null => (value === null ? null : ((value as GoPointer).target as string));

/** The fields of a struct inside another (`config.Linux`). */
export const structField = (value: GoStruct, name: string): GoStruct => value[name] as GoStruct;

/** A slice of structs (null: none). */
export const structs = (value: GoValue): GoStruct[] => (value as GoStruct[] | null) ?? [];

/** InitEmptySettings: copies of the mounts and devices, `NAME=value` of each variable with a value, the args' values. */
export function initialSettings(config: GoStruct): PluginSettings {
  return {
    mounts: structs(config['Mounts']!).map((mount) => ({ ...mount })),
    devices: structs(structField(config, 'Linux')['Devices']!).map((device) => ({ ...device })),
    env: structs(config['Env']!).flatMap((env) => {
      const value = pointed(env['Value']!);
      return value === null ? [] : [`${env['Name'] as string}=${value}`];
    }),
    args: [...((structField(config, 'Args')['Value'] as string[] | null) ?? [])],
  };
}

/** Empty as `omitempty` means it: "", false, 0, a nil pointer, an empty or nil slice (never a struct). */
function isEmpty(value: GoValue, type: GoType): boolean {
  if (type.kind === 'struct' || type.kind === 'capability') return false;
  if (type.kind === 'slice') return value === null || (value as GoValue[]).length === 0;
  return value === null || value === '' || value === false || value === 0;
}

/** A Go value as encoding/json writes it: struct fields in their order, nil slices and pointers null, interface types as their String(). */
function goJsonOf(value: GoValue, type: GoType): unknown {
  switch (type.kind) {
    case 'string':
    case 'bool':
    case 'uint32':
      return value;
    case 'capability':
      return capabilityText(value as CapabilityId);
    case 'pointer':
      return value === null ? null : goJsonOf((value as GoPointer).target, type.elem);
    case 'slice':
      return value === null ? null : (value as GoValue[]).map((item) => goJsonOf(item, type.elem));
    case 'struct':
      return Object.fromEntries(
        type.fields
          .filter((field: GoField) => !(field.omitEmpty === true && isEmpty((value as GoStruct)[field.name]!, field.type)))
          .map((field) => [field.name, goJsonOf((value as GoStruct)[field.name]!, field.type)]),
      );
  }
}

/** The plugin as GET /plugins and inspect show it (types.Plugin). */
export function pluginDocument(plugin: Plugin): Record<string, unknown> {
  const devices = elementOf(fieldType(fieldType(plugin.type, 'Linux'), 'Devices'));
  const mounts = elementOf(fieldType(plugin.type, 'Mounts'));
  return {
    Config: goJsonOf(plugin.config, plugin.type),
    Enabled: false,
    Id: plugin.id,
    Name: plugin.name,
    PluginReference: plugin.name,
    Settings: {
      Args: plugin.settings.args,
      Devices: plugin.settings.devices.map((device) => goJsonOf(device, devices)),
      Env: plugin.settings.env,
      Mounts: plugin.settings.mounts.map((mount) => goJsonOf(mount, mounts)),
    },
  };
}

/** The capabilities of its interface types (what the `capability` filter matches). */
export const capabilitiesOf = (plugin: Plugin): CapabilityId[] => (structField(plugin.config, 'Interface')['Types'] as CapabilityId[] | null) ?? [];
