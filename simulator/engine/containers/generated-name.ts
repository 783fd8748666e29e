import { randomInt } from 'node:crypto';

/**
 * The words of a generated container name, in the daemon's style (moby's namesgenerator: an
 * adjective, "_", the surname of a scientist or engineer). The lists are the simulator's own, not
 * moby's: a client can rely on the shape, never on a particular name.
 */
const ADJECTIVES = [
  'admiring',
  'bold',
  'brave',
  'calm',
  'clever',
  'cool',
  'curious',
  'dazzling',
  'eager',
  'elegant',
  'fervent',
  'focused',
  'friendly',
  'gallant',
  'gentle',
  'happy',
  'hopeful',
  'jolly',
  'keen',
  'kind',
  'lucid',
  'modest',
  'nifty',
  'patient',
  'quirky',
  'relaxed',
  'serene',
  'sharp',
  'stoic',
  'tender',
  'upbeat',
  'vibrant',
  'wizardly',
  'youthful',
  'zealous',
] as const;
const SURNAMES = [
  'babbage',
  'bardeen',
  'bohr',
  'curie',
  'darwin',
  'dijkstra',
  'einstein',
  'euler',
  'faraday',
  'fermi',
  'feynman',
  'franklin',
  'galileo',
  'gauss',
  'hamilton',
  'hopper',
  'hypatia',
  'kepler',
  'knuth',
  'lamarr',
  'lovelace',
  'maxwell',
  'meitner',
  'newton',
  'noether',
  'pascal',
  'planck',
  'ramanujan',
  'ritchie',
  'shannon',
  'tesla',
  'thompson',
  'turing',
  'volta',
  'wozniak',
] as const;

/** The daemon tries this many names before it names a container after its ID. */
const TRIES = 6;

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

/** One name of the `attempt`-th try: from the second on, a digit after it (as moby's GetRandomName(retry)). */
function randomName(attempt: number): string {
  for (;;) {
    const name = `${pick(ADJECTIVES)}_${pick(SURNAMES)}`;
    // moby never gives this one (its own joke); kept out so that a client's expectations hold.
    if (name === 'boring_wozniak') continue;
    return attempt > 0 ? `${name}${randomInt(10)}` : name;
  }
}

/** A name for a container created without one: a free generated name, else its short ID (moby's generateNewName). */
export function generatedName(id: string, taken: (name: string) => boolean): string {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const name = randomName(attempt);
    if (!taken(name)) return name;
  }
  return id.slice(0, 12);
}
