import t from 'tap';
import { RELEASES, RULES } from '../specs/index.js';
import { HYPOTHETICAL_QUIRKS } from '../specs/quirks/index.js';
import { checkShardsCover } from './helpers/shard.js';
import { faultsOfShard } from './helpers/self-test-faults.js';
import { realDaemons } from './helpers/real-daemons.js';
import { recordedReleases } from './helpers/release-agreement.js';

// The long checks are split into shard files; a lost or misnumbered file would silently drop checks.
t.test('the fault self-test shards cover every testable rule', async (t) =>
  checkShardsCover(
    t,
    import.meta.url,
    'fault-self-test',
    RULES.filter((rule) => rule.testability.testable),
    faultsOfShard,
  ),
);
t.test('the hypothetical-quirk shards cover every quirk', async (t) => checkShardsCover(t, import.meta.url, 'quirks-hypothetical', HYPOTHETICAL_QUIRKS));
t.test('the every-release shards cover every release of the table', async (t) =>
  checkShardsCover(
    t,
    import.meta.url,
    'every-release',
    RELEASES.map((release) => ({ id: release.release })),
  ),
);
t.test('the agreement shards cover every recorded release', async (t) =>
  checkShardsCover(
    t,
    import.meta.url,
    'agreement',
    recordedReleases().map((release) => ({ id: release })),
  ),
);
t.test('every provisioned release has a recording, which the agreement test replays beside its live run', async (t) => {
  const recorded = new Set(recordedReleases());
  for (const daemon of realDaemons().daemons) t.ok(recorded.has(daemon.release), `dockerd ${daemon.release} has a recording (scripts/record-transcripts.mjs)`);
});
