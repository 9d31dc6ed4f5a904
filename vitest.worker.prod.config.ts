import { defineConfig } from 'vitest/config'
import { workerTestConfig, deployedBindings, DEPLOYED_FILES } from './tests/worker/pool-config'

/** The real worker with ENVIRONMENT=production: what production refuses (stand-ins, Test SSO, fake ping). */
export default defineConfig(() => workerTestConfig(['tests/worker/**/*.prod.test.ts', ...DEPLOYED_FILES], [], deployedBindings('production')))
