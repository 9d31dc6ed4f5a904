import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

/** The real worker with ENVIRONMENT=production: what production refuses (stand-ins, Test SSO, fake ping). */
export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/db/migrations')
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            ENVIRONMENT: 'production',
            TEST_MIGRATIONS: migrations,
            SESSION_SIGNING_KEY: 'prod-like-signing-key-0123456789abcdef0123456789',
            PASSWORD_PEPPER: 'prod-like-pepper-0123456789',
            MAIL_API_URL: 'https://mail.example/v1/send',
            MAIL_API_KEY: 'prod-like-mail-key',
            PING_ADAPTER_SECRET: 'prod-like-ping-secret',
            OPT_OUT_API_URL: 'https://privacy-api.example/preferences',
          },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.prod.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
    },
  }
})
