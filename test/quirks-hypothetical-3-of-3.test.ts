import t from 'tap';
import { checkHypotheticalQuirks } from './helpers/hypothetical-quirks.js';
import { shardFromFile } from './helpers/shard.js';

checkHypotheticalQuirks(t, shardFromFile(import.meta.url));
