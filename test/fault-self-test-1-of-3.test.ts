import t from 'tap';
import { checkFaults } from './helpers/self-test-faults.js';
import { shardFromFile } from './helpers/shard.js';

checkFaults(t, shardFromFile(import.meta.url));
