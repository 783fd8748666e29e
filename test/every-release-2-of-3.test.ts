import t from 'tap';
import { checkEveryRelease } from './helpers/every-release.js';
import { shardFromFile } from './helpers/shard.js';

checkEveryRelease(t, shardFromFile(import.meta.url));
