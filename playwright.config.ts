import { defineConfig } from '@playwright/test'

/** E2E_PORT lets two runs (or a run beside `npm start` on 8787) coexist. */
const port = process.env.E2E_PORT ?? '8788'

/**
 * End-to-end tests: Debian Chromium (npx playwright install cannot download browsers here) against the
 * portal started by `npm start` on port 8788 (E2E_PORT) with its own fresh local state (tests/e2e/serve.mjs).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Generous limits, not timing: a loaded 2-core machine can take seconds to serve a page or run axe.
  // No test waits on time; these only bound how long a broken one takes to fail.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
  },
})
