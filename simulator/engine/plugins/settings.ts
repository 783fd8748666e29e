import { goQuote } from '../go-strconv.js';
import type { GoPointer, GoStruct } from './config-decode.js';
import { type Plugin, structField, structs } from './plugin.js';

/**
 * moby's v2.Plugin.Set: `name[.field][=value]` settings applied in order to the plugin in memory
 * (those before a refused one stay applied), each to the first variable, mount, device or the args
 * of that name, when the config lets that field be set. Observed on 20.10.24, 26.1.5, 28.5.2,
 * 29.7.2; from 29.0 the two missing-pointer errors begin in lower case.
 */

/** Why a setting is refused (moby answers 500). */
export class SettingRefused extends Error {
  override readonly name = 'SettingRefused';
  readonly code = 'SIM_PLUGIN_SETTING_REFUSED';
}

interface Setting {
  readonly name: string;
  field: string;
  readonly value: string;
}

const INVALID_FORMAT = 'invalid format, must be <name>[.<field>][=<value>]';
const MULTIPLE_FIELDS = 'multiple fields are settable, one must be specified';

/** newSettable: the name before "=", its field after the last "." (not a leading one). */
function settingOf(arg: string): Setting {
  const equals = arg.indexOf('=');
  if (equals === 0) throw new SettingRefused(INVALID_FORMAT);
  const name = equals < 0 ? arg : arg.slice(0, equals);
  const value = equals < 0 ? '' : arg.slice(equals + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { name: name.slice(0, dot), field: name.slice(dot + 1), value } : { name, field: '', value };
}

const prettyName = (setting: Setting): string => (setting.field === '' ? setting.name : `${setting.name}.${setting.field}`);

/** isSettable: without a field, the only settable one; the field must be one the kind allows and the config lists. */
function checkSettable(setting: Setting, allowed: string, settable: readonly string[] | null): void {
  const fields = settable ?? [];
  if (setting.field === '') {
    if (fields.length > 1) throw new SettingRefused(MULTIPLE_FIELDS);
    if (fields.length === 1) setting.field = fields[0]!;
  }
  if (setting.field !== allowed || !fields.includes(setting.field)) throw new SettingRefused(`${goQuote(prettyName(setting))} is not settable`);
}

/** Sets what a pointer of the config points to (shared with the settings' copy), or refuses a nil one. */
function setPointer(pointer: GoPointer | null, value: string, missing: string): void {
  if (pointer === null) throw new SettingRefused(missing);
  pointer.target = value;
}

const settable = (item: GoStruct): readonly string[] | null => item['Settable'] as string[] | null;

/** Applies `args` to the plugin; throws SettingRefused at the first it refuses. `lowerCase`: 29.0's words. */
export function applySettings(plugin: Plugin, args: readonly string[], lowerCase: boolean): void {
  const missing = (what: string): string => `${lowerCase ? 'p' : 'P'}lugin config has no ${what}`;
  const { config, settings } = plugin;
  for (const setting of args.map(settingOf)) {
    const env = structs(config['Env']!).find((item) => item['Name'] === setting.name);
    if (env !== undefined) {
      checkSettable(setting, 'value', settable(env));
      const at = settings.env.findIndex((entry) => entry.split('=')[0] === setting.name);
      const entry = `${setting.name}=${setting.value}`;
      if (at < 0) settings.env.push(entry);
      else settings.env[at] = entry;
      continue;
    }
    const mount = structs(config['Mounts']!).find((item) => item['Name'] === setting.name);
    if (mount !== undefined) {
      checkSettable(setting, 'source', settable(mount));
      setPointer(mount['Source'] as GoPointer | null, setting.value, missing('mount source'));
      continue;
    }
    const device = structs(structField(config, 'Linux')['Devices']!).find((item) => item['Name'] === setting.name);
    if (device !== undefined) {
      checkSettable(setting, 'path', settable(device));
      setPointer(device['Path'] as GoPointer | null, setting.value, missing('device path'));
      continue;
    }
    const configArgs = structField(config, 'Args');
    if (configArgs['Name'] === setting.name) {
      checkSettable(setting, 'value', settable(configArgs));
      settings.args = setting.value.split(' ');
      continue;
    }
    throw new SettingRefused(`setting ${goQuote(setting.name)} not found in the plugin configuration`);
  }
}
