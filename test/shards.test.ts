import t from 'tap';
import { RELEASES, RULES } from '../specs/index.js';
import { HYPOTHETICAL_QUIRKS } from '../specs/quirks/index.js';
import { checkShardsCover } from './helpers/shard.js';
import { faultsOfShard } from './helpers/self-test-faults.js';
import { realDaemons } from './helpers/real-daemons.js';

// The long checks are split into shard files; a lost or misnumbered file would silently drop checks.
t.test('the fault self-test shards cover every testable rule', async (t) =>
  checkShardsCover(
    t,
    import.meta.url,
    'self-test-faults',
    RULES.filter((rule) => rule.testability.testable),
    faultsOfShard,
  ),
);
t.test('the hypothetical-quirk shards cover every quirk', async (t) => checkShardsCover(t, import.meta.url, 'quirks-hypothetical', HYPOTHETICAL_QUIRKS));
t.test('the every-release shards cover every release of the table', async (t) =>
  checkShardsCover(
    t,
    import.meta.url,
    'sim-every-release',
    RELEASES.map((release) => ({ id: release.release })),
  ),
);
t.test('the real-daemon shards cover every provisioned release', async (t) => {
  const { daemons } = realDaemons();
  checkShardsCover(
    t,
    import.meta.url,
    'real-daemons',
    daemons.map((daemon) => ({ id: daemon.release })),
  );
});
