import type { ReadingClaim } from '../helpers/reading-claims.js';
import { startDaemon } from '../helpers/observe-claims.js';

/** What the daemon-config area's readings say the releases do, and how each is observed. */
export const CLAIMS: readonly ReadingClaim[] = [
  {
    rule: 'config.cli.repeatable',
    reading: 'reading',
    words:
      '20.10.24, 26.1.5, 28.5.2 and 29.7.2 list the labels of the flags in their order, rotated to start at a label that varies from start to start, observed',
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5', '29.7'],
      observe: async (t, daemon) => {
        const labels = ['zeta=1', 'alpha=2', 'mid=3', 'bravo=4', 'yank=5', 'kilo=6', 'echo=7', 'delta=8'];
        const start = await startDaemon(t, daemon, { args: labels.map((l) => `--label=${l}`) });
        if (!start.ok) return void t.fail(`the daemon did not start: ${start.output}`);
        const info = (await start.started.get('/info')).body as { Labels?: string[] };
        const listed = info.Labels ?? [];
        const first = labels.indexOf(listed[0] ?? '');
        t.same(listed, [...labels.slice(first), ...labels.slice(0, first)], `GET /info Labels are the flags' order, rotated: ${JSON.stringify(listed)}`);
      },
    },
  },
];
