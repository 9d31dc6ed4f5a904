import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * The deployed-shape tier (issue 29, decision 191): the portal started as deployed (ENVIRONMENT=production,
 * production build, secrets from tests/deployed/secrets.env, no /__dev) with every outside system in a
 * separate process of stand-ins (tests/deployed/start.mjs), and journeys that cross each port over HTTP.
 * Alone: `npm run test:deployed`.
 */
const port = process.env.DEPLOYED_PORT ?? '8798'
const standInsPort = process.env.DEPLOYED_STAND_INS_PORT ?? '8799'
process.env.DEPLOYED_STAND_INS_URL = `http://127.0.0.1:${standInsPort}`

export default defineConfig({
  ...base,
  testDir: 'tests/deployed',
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: 'node tests/deployed/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    env: { DEPLOYED_PORT: port, DEPLOYED_STAND_INS_PORT: standInsPort },
  },
})
