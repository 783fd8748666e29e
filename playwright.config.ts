import { defineConfig } from '@playwright/test';

// Browser tests for the HTML report. Uses the system Chromium; never downloads a browser.
export default defineConfig({
  testDir: 'test/browser',
  outputDir: 'test-results/',
  reporter: 'list',
  // Playwright's default is half the cores: one on a 2-core machine, where the pages' files can share both.
  workers: 2,
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
