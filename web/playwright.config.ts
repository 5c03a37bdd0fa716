import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys against the real server (`ayo serve --demo`, started by e2e/global-setup.ts) serving the
 * built app from web/dist. Debian's Chromium drives them: Playwright downloads no browser. Every journey runs on a
 * 360 × 740 phone screen, because that is where most players are.
 */
export default defineConfig({
  testDir: './e2e',
  // Journeys only: e2e/*.test.ts are Vitest unit tests of the journeys' tools.
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 360, height: 740 },
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: { browserName: 'chromium' } }],
});
