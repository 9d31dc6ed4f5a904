import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'

/**
 * The real worker (wrangler.toml `main`) in workerd with real D1/KV/R2, migrations applied in setup.
 * `bindings` override wrangler.toml (secrets for tests, or a deployed ENVIRONMENT).
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
    // A loaded machine can take more than the default 10 s to seed (scrypt for every persona).
    // Files share one set of bindings and each starts by restoring the demo seed, so they run one at a
    // time: a file never sees another file's writes, or has its own undone mid-test.
    test: { include, exclude, setupFiles: ['tests/worker/setup.ts'], fileParallelism: false, passWithNoTests: true, hookTimeout: 120_000 },
  }
}

/** Development-mode files: everything but what runs under a deployed ENVIRONMENT. */
export const DEVELOPMENT_FILES = ['tests/worker/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/fuzz/**/*.test.ts']
export const DEPLOYED_ONLY = ['**/*.prod.test.ts', '**/*.deployed.test.ts']
/** What every deployed environment must refuse (decision 120): run under production and staging alike. */
export const DEPLOYED_FILES = ['tests/security/**/*.deployed.test.ts']

/**
 * A deployed environment's settings: real adapters' addresses and credentials (env.ts requires them
 * outside development), no /__dev addresses, no development secrets.
 */
export function deployedBindings(environment: 'production' | 'staging'): Record<string, string> {
  return {
    ENVIRONMENT: environment,
    SESSION_SIGNING_KEY: `${environment}-like-signing-key-0123456789abcdef0123456789`,
    FLASH_SIGNING_KEY: `${environment}-like-flash-key-0123456789abcdef0123456789`,
    PASSWORD_PEPPER: `${environment}-like-pepper-0123456789`,
    MAIL_API_URL: 'https://mail.example/v1/send',
    MAIL_API_KEY: `${environment}-like-mail-key`,
    PING_ADAPTER_SECRET: `${environment}-like-ping-secret`,
    OPT_OUT_API_URL: 'https://privacy-api.example/preferences',
    PING_BASE_URL: 'https://identity.example/pf',
    PING_LOGIN_URL: 'https://identity.example/login',
    PARTNER_LOGS_URL: 'https://partner.example/app-logs',
    PAYMENT_API_URL: 'https://payments.example/v1',
    PAYMENT_API_KEY: `${environment}-like-payment-key`,
    CLAIMS_SYSTEM_URL: 'https://claims.carrier.example',
    CLAIMS_SYSTEM_SECRET: `${environment}-like-claims-system-secret`,
    CLAIMS_SYSTEM_WEBHOOK_SECRET: `${environment}-like-claims-webhook-secret-0123456789`,
    VENDOR_API_URL: 'https://vendors.carrier.example/v1',
    VENDOR_API_KEY: `${environment}-like-vendor-key`,
    SMS_API_URL: 'https://sms.carrier.example/v1/messages',
    SMS_API_KEY: `${environment}-like-sms-key`,
    SMS_WEBHOOK_SECRET: `${environment}-like-sms-webhook-secret-0123456789`,
    POLICY_ADMIN_URL: 'https://policy-admin.carrier.example/v1',
    POLICY_ADMIN_API_KEY: `${environment}-like-policy-admin-key`,
  }
}
