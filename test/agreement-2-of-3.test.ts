import t from 'tap';
import { checkAgreement } from './helpers/release-agreement.js';
import { shardFromFile } from './helpers/shard.js';

checkAgreement(t, shardFromFile(import.meta.url));
