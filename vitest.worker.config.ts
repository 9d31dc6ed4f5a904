import { defineConfig } from 'vitest/config'
import { workerTestConfig, DEVELOPMENT_FILES, DEPLOYED_ONLY } from './tests/worker/pool-config'

/** Worker tests (and the security suite's development-mode files) in development mode. */
export default defineConfig(() =>
  workerTestConfig(DEVELOPMENT_FILES, DEPLOYED_ONLY, {
    SESSION_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123456789',
    FLASH_SIGNING_KEY: 'test-flash-key-0123456789abcdef0123456789',
    PASSWORD_PEPPER: 'test-pepper-0123456789',
    CLAIMS_SYSTEM_SECRET: 'test-claims-system-secret',
    CLAIMS_SYSTEM_WEBHOOK_SECRET: 'test-claims-webhook-secret-0123456789abcdef',
    VENDOR_API_KEY: 'test-vendor-key',
    SMS_API_KEY: 'test-sms-key',
    SMS_WEBHOOK_SECRET: 'test-sms-webhook-secret-0123456789abcdef',
    // The worker tests' requests come from https://localhost (tests/worker/helpers.ts ORIGIN).
    WEBAUTHN_ORIGINS: 'https://localhost',
    // tests/fuzz: seeded and reproducible; tests/perf/fuzz-long.mjs raises the runs.
    FUZZ_SEED: process.env.FUZZ_SEED ?? '',
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
  }),
)
