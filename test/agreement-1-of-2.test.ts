import t from 'tap';
import { checkAgreement, recordedReleases } from './helpers/release-agreement.js';
import { shardFromFile, shardOf } from './helpers/shard.js';

const { shard, of } = shardFromFile(import.meta.url);
checkAgreement(t, shardOf(recordedReleases(), shard, of));
