import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'

/**
 * The real worker (wrangler.toml `main`) in workerd with real D1/KV/R2, migrations applied in setup.
 * `bindings` override wrangler.toml (secrets for tests, or ENVIRONMENT=production).
 */
export async function workerTestConfig(include: string[], exclude: string[], bindings: Record<string, string>) {
  const migrations = await readD1Migrations('worker/db/migrations')
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ...bindings } },
      }),
    ],
    // Files share one set of bindings and each starts by restoring the demo seed, so they run one at a
    // time: a file never sees another file's writes, or has its own undone mid-test.
    test: { include, exclude, setupFiles: ['tests/worker/setup.ts'], fileParallelism: false },
  }
}
