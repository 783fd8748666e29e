import { SimError } from '../errors.js';
import { faultsFileFormat } from './file-format.js';
import { checkClientFaults, parseClientFaults } from './parse.js';
import type { ClientFaultsFile } from './schema.js';

/** The YAML reader, loaded only for a YAML file; in the bundled ctrd-sim, `yaml` is required from node_modules then. */
async function importYaml(): Promise<typeof import('./yaml-document.js')> {
  try {
    return await import('./yaml-document.js');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') throw error;
    const first = (error as Error).message.split('\n')[0];
    throw new SimError('SIM_USAGE', `--client-faults with a YAML file needs the package yaml beside ctrd-sim: ${first}`);
  }
}

/**
 * Reads a client-faults file in its format (file-format.ts: JSON or YAML, by name, else by its
 * first character) and validates it as parseClientFaults does. Every mistake is a SimError SIM_USAGE.
 */
export async function readClientFaults(text: string, file: string): Promise<ClientFaultsFile> {
  if (faultsFileFormat(file, text) === 'json') return parseClientFaults(text, file);
  const { yamlDocument } = await importYaml();
  return checkClientFaults(yamlDocument(text, file), file, 'one YAML mapping with a "faults" sequence');
}
