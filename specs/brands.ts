/** Brand profiles: names that carry the brand word, `ctr` as documented or `docker` for the real daemon. Data only. */
export type Brand = 'ctr' | 'docker';

export interface BrandNames {
  readonly product: string; // "Ctr" / "Docker": Server header and --version line
  readonly envPrefix: string; // "CTR_" / "DOCKER_"
  readonly configFile: string;
  readonly dataRoot: string;
  readonly execRoot: string;
  readonly pidfile: string;
  readonly defaultHost: string;
  readonly experimentalHeader: string;
}

export const BRANDS: Readonly<Record<Brand, BrandNames>> = {
  ctr: {
    product: 'Ctr',
    envPrefix: 'CTR_',
    configFile: '/etc/ctr/daemon.json',
    dataRoot: '/var/lib/ctr',
    execRoot: '/var/run/ctr',
    pidfile: '/var/run/ctr.pid',
    defaultHost: 'unix:///var/run/ctr.sock',
    experimentalHeader: 'Ctr-Experimental',
  },
  docker: {
    product: 'Docker',
    envPrefix: 'DOCKER_',
    configFile: '/etc/docker/daemon.json',
    dataRoot: '/var/lib/docker',
    execRoot: '/var/run/docker',
    pidfile: '/var/run/docker.pid',
    defaultHost: 'unix:///var/run/docker.sock',
    experimentalHeader: 'Docker-Experimental',
  },
};

export function isBrand(value: string): value is Brand {
  return value === 'ctr' || value === 'docker';
}
