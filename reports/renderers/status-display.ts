import type { ResultStatus } from '../model/result.js';

/** Symbol and word per status; the symbol keeps the matrix readable without colour. The page and its script both show them. */
export const STATUS_DISPLAY: Readonly<Record<ResultStatus, { symbol: string; word: string }>> = {
  pass: { symbol: '✓', word: 'pass' },
  fail: { symbol: '✗', word: 'fail' },
  error: { symbol: '!', word: 'error' },
  skipped: { symbol: '–', word: 'skipped' },
  'not-applicable': { symbol: '·', word: 'not applicable' },
};
