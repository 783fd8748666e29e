/**
 * The Go type a plugin's config.json is decoded into: moby's types.PluginConfig before 29.0,
 * plugin.Config of the API module from 29.0 (PLUGIN_CHANGES.apiModule), field by field in the
 * struct's order, with the JSON names of their tags.
 */

export type GoType =
  | { readonly kind: 'string' | 'bool' | 'uint32' | 'capability' }
  | { readonly kind: 'pointer' | 'slice'; readonly elem: GoType }
  | { readonly kind: 'struct'; readonly name: StructName; readonly fields: readonly GoField[] };

export interface GoField {
  readonly name: string;
  readonly type: GoType;
  /** `omitempty`: left out of the JSON when empty (it has no effect on a struct). */
  readonly omitEmpty?: true;
}

/** A struct's name before 29.0 (package types) and from 29.0 (package plugin). */
export type StructName = readonly [types: string, plugin: string];

const STRING: GoType = { kind: 'string' };
const BOOL: GoType = { kind: 'bool' };
const STRINGS: GoType = { kind: 'slice', elem: STRING };
const OPTIONAL_STRING: GoType = { kind: 'pointer', elem: STRING };
const struct = (name: StructName, fields: readonly GoField[]): GoType => ({ kind: 'struct', name, fields });
const field = (name: string, type: GoType, omitEmpty = false): GoField => (omitEmpty ? { name, type, omitEmpty } : { name, type });

const DEVICE = struct(
  ['PluginDevice', 'Device'],
  [field('Description', STRING), field('Name', STRING), field('Path', OPTIONAL_STRING), field('Settable', STRINGS)],
);
const MOUNT = struct(
  ['PluginMount', 'Mount'],
  [
    field('Description', STRING),
    field('Destination', STRING),
    field('Name', STRING),
    field('Options', STRINGS),
    field('Settable', STRINGS),
    field('Source', OPTIONAL_STRING),
    field('Type', STRING),
  ],
);

/** The config of a release: `dockerVersion` before 29.0, which moby fills with its own version. */
function configType(dockerVersion: boolean): GoType {
  return struct(
    ['PluginConfig', 'Config'],
    [
      field(
        'Args',
        struct(['PluginConfigArgs', 'Args'], [field('Description', STRING), field('Name', STRING), field('Settable', STRINGS), field('Value', STRINGS)]),
      ),
      field('Description', STRING),
      ...(dockerVersion ? [field('DockerVersion', STRING, true)] : []),
      field('Documentation', STRING),
      field('Entrypoint', STRINGS),
      field('Env', {
        kind: 'slice',
        elem: struct(['PluginEnv', 'Env'], [field('Description', STRING), field('Name', STRING), field('Settable', STRINGS), field('Value', OPTIONAL_STRING)]),
      }),
      field(
        'Interface',
        struct(
          ['PluginConfigInterface', 'Interface'],
          [field('ProtocolScheme', STRING, true), field('Socket', STRING), field('Types', { kind: 'slice', elem: { kind: 'capability' } })],
        ),
      ),
      field('IpcHost', BOOL),
      field(
        'Linux',
        struct(
          ['PluginConfigLinux', 'LinuxConfig'],
          [field('AllowAllDevices', BOOL), field('Capabilities', STRINGS), field('Devices', { kind: 'slice', elem: DEVICE })],
        ),
      ),
      field('Mounts', { kind: 'slice', elem: MOUNT }),
      field('Network', struct(['PluginConfigNetwork', 'NetworkConfig'], [field('Type', STRING)])),
      field('PidHost', BOOL),
      field('PropagatedMount', STRING),
      field('User', struct(['PluginConfigUser', 'User'], [field('GID', { kind: 'uint32' }, true), field('UID', { kind: 'uint32' }, true)])),
      field('WorkDir', STRING),
      field('rootfs', { kind: 'pointer', elem: struct(['PluginConfigRootfs', 'RootFS'], [field('diff_ids', STRINGS), field('type', STRING, true)]) }, true),
    ],
  );
}

export const CONFIG_BEFORE_MODULE = configType(true);
export const CONFIG_OF_MODULE = configType(false);

/** Go's name of a type in an error: `types.PluginMount`, `[]plugin.Mount`, `string` (a pointer is named by what it points to). */
export function goTypeName(type: GoType, module: boolean): string {
  switch (type.kind) {
    case 'string':
    case 'bool':
    case 'uint32':
      return type.kind;
    case 'capability':
      return module ? 'plugin.CapabilityID' : 'types.PluginInterfaceType';
    case 'pointer':
      return goTypeName(type.elem, module);
    case 'slice':
      return `[]${goTypeName(type.elem, module)}`;
    case 'struct':
      return `${module ? 'plugin' : 'types'}.${type.name[module ? 1 : 0]}`;
  }
}
