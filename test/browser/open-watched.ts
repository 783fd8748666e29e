import type { Page } from '@playwright/test';

/** Opens `url`, recording every request and every console error or warning and page error. */
export async function openWatched(page: Page, url: string): Promise<{ requests: string[]; problems: string[] }> {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return { requests, problems };
}
