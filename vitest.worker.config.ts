import { defineConfig } from 'vitest/config'
import { workerTestConfig } from './tests/worker/pool-config'

/** Worker tests in development mode. */
export default defineConfig(() =>
  workerTestConfig(['tests/worker/**/*.test.ts'], ['tests/worker/**/*.prod.test.ts'], {
    SESSION_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123456789',
    FLASH_SIGNING_KEY: 'test-flash-key-0123456789abcdef0123456789',
    PASSWORD_PEPPER: 'test-pepper-0123456789',
  }),
)
