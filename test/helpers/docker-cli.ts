import { accessSync, constants } from 'node:fs';

/** The docker CLI the provisioning installs (28.2): the real client the tests drive ctrd-sim with. */
export const DOCKER = '/usr/local/bin/docker';

/** Why the CLI cannot be run here, or null when it can. */
export const dockerCliMissing = ((): string | null => {
  try {
    accessSync(DOCKER, constants.X_OK);
    return null;
  } catch {
    return `${DOCKER} is missing (the docker CLI 28.2.2)`;
  }
})();
