import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

/** Worker tests: the real worker in workerd with real D1/KV/R2 bindings, migrations applied in setup. */
export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/db/migrations')
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123456789',
            PASSWORD_PEPPER: 'test-pepper-0123456789',
          },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      exclude: ['tests/worker/**/*.prod.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
    },
  }
})
